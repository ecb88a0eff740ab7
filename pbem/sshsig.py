"""OpenSSH SSHSIG signatures, as made by ``ssh-keygen -Y sign`` (OpenSSH PROTOCOL.sshsig).

Players sign their orders with an SSH key they already own::

    ssh-keygen -Y sign -f ~/.ssh/id_ed25519 -n pbem-orders orders.txt

and the adjudicator checks ``orders.txt.sig`` with :func:`verify` against the public key
registered for that player.  Supported keys: Ed25519, ECDSA (NIST P-256/384/521) and RSA
(signatures rsa-sha2-256/512 only).  FIDO (``sk-*``) keys, DSA and Ed448 are rejected.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import (
    decode_dss_signature,
    encode_dss_signature,
)

NAMESPACE = "pbem-orders"

PublicKey = ed25519.Ed25519PublicKey | ec.EllipticCurvePublicKey | rsa.RSAPublicKey
PrivateKey = ed25519.Ed25519PrivateKey | ec.EllipticCurvePrivateKey | rsa.RSAPrivateKey

_MAGIC = b"SSHSIG"
_VERSION = 1
_BEGIN = "-----BEGIN SSH SIGNATURE-----"
_END = "-----END SSH SIGNATURE-----"
_WRAP = 70  # ssh-keygen wraps the armoured base64 at 70 columns
_RSA_MIN_BITS = 1024  # OpenSSH's SSH_RSA_MINIMUM_MODULUS_SIZE

_HASHES = {"sha256": hashlib.sha256, "sha512": hashlib.sha512}

# cryptography's curve name -> (SSH key type, hash the ECDSA signature uses)
_CURVES: dict[str, tuple[str, type[hashes.HashAlgorithm]]] = {
    "secp256r1": ("ecdsa-sha2-nistp256", hashes.SHA256),
    "secp384r1": ("ecdsa-sha2-nistp384", hashes.SHA384),
    "secp521r1": ("ecdsa-sha2-nistp521", hashes.SHA512),
}
_SUPPORTED = "use ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa"
_KEY_TYPES = frozenset({"ssh-ed25519", "ssh-rsa"} | {t for t, _ in _CURVES.values()})
_RSA_SIG_HASHES: dict[str, type[hashes.HashAlgorithm]] = {
    "rsa-sha2-256": hashes.SHA256,
    "rsa-sha2-512": hashes.SHA512,
}


class SshSigError(ValueError):
    pass


# -- SSH wire encoding -------------------------------------------------------------------


def _string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def _mpint(value: int) -> bytes:
    if value < 0:
        raise SshSigError("negative mpint")
    # Big-endian, with a leading zero byte when the top bit is set; zero is the empty string.
    return _string(value.to_bytes(value.bit_length() // 8 + 1, "big") if value else b"")


class _Reader:
    def __init__(self, data: bytes, what: str) -> None:
        self._data = data
        self._pos = 0
        self._what = what

    def raw(self, n: int, field: str) -> bytes:
        if len(self._data) - self._pos < n:
            raise SshSigError(f"truncated {self._what}: {field} is cut short")
        out = self._data[self._pos : self._pos + n]
        self._pos += n
        return out

    def uint32(self, field: str) -> int:
        return struct.unpack(">I", self.raw(4, field))[0]

    def string(self, field: str) -> bytes:
        return self.raw(self.uint32(field), field)

    def text(self, field: str) -> str:
        raw = self.string(field)
        try:
            return raw.decode("ascii")
        except UnicodeDecodeError:
            raise SshSigError(f"malformed {self._what}: {field} is not ASCII") from None

    def mpint(self, field: str) -> int:
        raw = self.string(field)
        if raw and raw[0] & 0x80:
            raise SshSigError(f"malformed {self._what}: {field} is negative")
        return int.from_bytes(raw, "big")

    def end(self) -> None:
        if self._pos != len(self._data):
            raise SshSigError(
                f"malformed {self._what}: {len(self._data) - self._pos} trailing bytes"
            )


# -- public keys --------------------------------------------------------------------------


def _key_type(key: object) -> str:
    if isinstance(key, ed25519.Ed25519PublicKey | ed25519.Ed25519PrivateKey):
        return "ssh-ed25519"
    if isinstance(key, rsa.RSAPublicKey | rsa.RSAPrivateKey):
        if key.key_size < _RSA_MIN_BITS:
            raise SshSigError(
                f"unsupported key: RSA key of {key.key_size} bits is too small "
                f"(minimum {_RSA_MIN_BITS})"
            )
        return "ssh-rsa"
    if isinstance(key, ec.EllipticCurvePublicKey | ec.EllipticCurvePrivateKey):
        if key.curve.name not in _CURVES:
            raise SshSigError(f"unsupported key type: ECDSA on curve {key.curve.name}")
        return _CURVES[key.curve.name][0]
    raise SshSigError(f"unsupported key type {type(key).__name__}: {_SUPPORTED}")


def _public_blob(key: PublicKey) -> bytes:
    _key_type(key)
    line = key.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    return base64.b64decode(line.split()[1])


def _load_blob(blob: bytes, what: str) -> PublicKey:
    key_type = _Reader(blob, what).text("key type")
    if key_type not in _KEY_TYPES:
        raise SshSigError(f"unsupported key type {key_type[:40]!r}: {_SUPPORTED}")
    try:
        key = serialization.load_ssh_public_key(key_type.encode() + b" " + base64.b64encode(blob))
    except (ValueError, UnsupportedAlgorithm) as exc:
        raise SshSigError(f"malformed {what}: {exc}") from None
    _key_type(key)  # size / curve checks
    return key


def parse_public_key(line: str) -> PublicKey:
    fields = line.strip().split(None, 2)
    if len(fields) < 2:
        raise SshSigError("not an OpenSSH public key line: expected 'TYPE BASE64 [COMMENT]'")
    key_type, b64 = fields[0], fields[1]
    if key_type not in _KEY_TYPES:
        raise SshSigError(f"unsupported key type {key_type[:40]!r}: {_SUPPORTED}")
    try:
        blob = base64.b64decode(b64, validate=True)
    except (binascii.Error, ValueError):
        raise SshSigError("malformed public key: bad base64") from None
    embedded = _Reader(blob, "public key").text("key type")
    if embedded != key_type:
        raise SshSigError(f"malformed public key: line says {key_type!r}, blob says {embedded!r}")
    return _load_blob(blob, "public key")


def public_key_line(key: PublicKey) -> str:
    return f"{_key_type(key)} {base64.b64encode(_public_blob(key)).decode()}"


def fingerprint(key: PublicKey) -> str:
    digest = hashlib.sha256(_public_blob(key)).digest()
    return "SHA256:" + base64.b64encode(digest).decode().rstrip("=")


# -- private keys -------------------------------------------------------------------------


def load_private_key(data: bytes, password: bytes | None = None) -> PrivateKey:
    text = data.lstrip()
    try:
        if text.startswith(b"-----BEGIN OPENSSH PRIVATE KEY-----"):
            key = serialization.load_ssh_private_key(text, password)
        elif text.startswith(b"-----BEGIN "):
            key = serialization.load_pem_private_key(text, password)
        else:
            key = serialization.load_der_private_key(data, password)
    except UnsupportedAlgorithm as exc:
        if "bcrypt" in str(exc):
            raise SshSigError(
                "passphrase-protected OpenSSH keys need the 'bcrypt' package installed"
            ) from None
        raise SshSigError(f"unsupported private key: {exc}") from None
    except TypeError as exc:  # password missing, or given for an unencrypted key
        raise SshSigError(f"cannot load private key: {exc}") from None
    except ValueError as exc:
        raise SshSigError(
            f"cannot load private key (bad data or wrong passphrase): {exc}"
        ) from None
    _key_type(key)
    return key


# -- signatures ---------------------------------------------------------------------------


def _signed_data(namespace: str, reserved: bytes, hash_alg: str, message: bytes) -> bytes:
    return (
        _MAGIC
        + _string(namespace.encode())
        + _string(reserved)
        + _string(hash_alg.encode())
        + _string(_HASHES[hash_alg](message).digest())
    )


def _check_namespace(namespace: str) -> None:
    if not namespace:
        raise SshSigError("namespace must not be empty")
    if not namespace.isascii():
        raise SshSigError("namespace must be ASCII")


def _armour(blob: bytes) -> str:
    b64 = base64.b64encode(blob).decode()
    lines = [b64[i : i + _WRAP] for i in range(0, len(b64), _WRAP)]
    return "\n".join([_BEGIN, *lines, _END]) + "\n"


def _dearmour(armoured: str) -> bytes:
    lines = [line.strip() for line in armoured.strip().splitlines()]
    if not lines or lines[0] != _BEGIN:
        raise SshSigError(f"bad armour: signature must start with {_BEGIN}")
    if lines[-1] != _END:
        raise SshSigError(f"bad armour: signature must end with {_END}")
    try:
        return base64.b64decode("".join(lines[1:-1]), validate=True)
    except (binascii.Error, ValueError):
        raise SshSigError("bad armour: signature body is not valid base64") from None


def sign(
    private_key: PrivateKey,
    message: bytes,
    namespace: str = NAMESPACE,
    hash_alg: str = "sha512",
) -> str:
    _check_namespace(namespace)
    if hash_alg not in _HASHES:
        raise SshSigError(f"unsupported hash algorithm {hash_alg!r}: use sha256 or sha512")
    key_type = _key_type(private_key)
    data = _signed_data(namespace, b"", hash_alg, message)

    if isinstance(private_key, ed25519.Ed25519PrivateKey):
        sig_type, sig = key_type, private_key.sign(data)
    elif isinstance(private_key, ec.EllipticCurvePrivateKey):
        hash_cls = _CURVES[private_key.curve.name][1]
        r, s = decode_dss_signature(private_key.sign(data, ec.ECDSA(hash_cls())))
        sig_type, sig = key_type, _mpint(r) + _mpint(s)
    else:
        sig_type = "rsa-sha2-512"  # what ssh-keygen uses for RSA keys
        sig = private_key.sign(data, padding.PKCS1v15(), hashes.SHA512())

    blob = (
        _MAGIC
        + struct.pack(">I", _VERSION)
        + _string(_public_blob(private_key.public_key()))
        + _string(namespace.encode())
        + _string(b"")
        + _string(hash_alg.encode())
        + _string(_string(sig_type.encode()) + _string(sig))
    )
    return _armour(blob)


def _verify_raw(key: PublicKey, sig_field: bytes, data: bytes) -> None:
    reader = _Reader(sig_field, "signature")
    sig_type = reader.text("signature type")
    sig = reader.string("signature value")
    reader.end()
    key_type = _key_type(key)
    try:
        if isinstance(key, ed25519.Ed25519PublicKey):
            if sig_type != key_type:
                raise SshSigError(f"unsupported signature type {sig_type!r} for {key_type} key")
            if len(sig) != 64:
                raise SshSigError("malformed signature: Ed25519 signature must be 64 bytes")
            key.verify(sig, data)
        elif isinstance(key, ec.EllipticCurvePublicKey):
            if sig_type != key_type:
                raise SshSigError(f"unsupported signature type {sig_type!r} for {key_type} key")
            inner = _Reader(sig, "ECDSA signature")
            r, s = inner.mpint("r"), inner.mpint("s")
            inner.end()
            hash_cls = _CURVES[key.curve.name][1]
            key.verify(encode_dss_signature(r, s), data, ec.ECDSA(hash_cls()))
        else:
            if sig_type not in _RSA_SIG_HASHES:
                raise SshSigError(
                    f"unsupported signature type {sig_type!r} for RSA key: "
                    "need rsa-sha2-256 or rsa-sha2-512"
                )
            key.verify(sig, data, padding.PKCS1v15(), _RSA_SIG_HASHES[sig_type]())
    except InvalidSignature:
        raise SshSigError(
            "bad signature: the message or signature was altered, or signed by another key"
        ) from None


def verify(
    armoured: str,
    message: bytes,
    public_key: PublicKey | str,
    namespace: str = NAMESPACE,
) -> None:
    if isinstance(public_key, str):
        public_key = parse_public_key(public_key)
    blob = _dearmour(armoured)
    reader = _Reader(blob, "signature blob")
    if reader.raw(len(_MAGIC), "magic") != _MAGIC:
        raise SshSigError("not an SSH signature: missing SSHSIG magic")
    version = reader.uint32("version")
    if version != _VERSION:
        raise SshSigError(f"unsupported SSHSIG version {version}")
    key_blob = reader.string("public key")
    sig_namespace = reader.text("namespace")
    reserved = reader.string("reserved")
    hash_alg = reader.text("hash algorithm")
    sig_field = reader.string("signature")
    reader.end()

    signer = _load_blob(key_blob, "public key in signature")
    expected_blob = _public_blob(public_key)
    if _public_blob(signer) != expected_blob:
        raise SshSigError(
            f"key mismatch: signed by {fingerprint(signer)}, expected {fingerprint(public_key)}"
        )
    if sig_namespace != namespace:
        raise SshSigError(
            f"wrong namespace: signature is for {sig_namespace!r}, expected {namespace!r}"
        )
    if reserved:
        raise SshSigError("unsupported signature: reserved field is not empty")
    if hash_alg not in _HASHES:
        raise SshSigError(f"unsupported hash algorithm {hash_alg!r}: need sha256 or sha512")
    _verify_raw(public_key, sig_field, _signed_data(namespace, b"", hash_alg, message))
