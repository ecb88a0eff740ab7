import base64
import hashlib
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed448, ed25519, padding, rsa

from pbem import sshsig
from pbem.sshsig import NAMESPACE, SshSigError

MESSAGE = b"Prussia: A Berlin -> Silesia\nF Danzig holds\n"

# ssh-keygen -t/-b arguments for every key type we support
KEYGEN_TYPES = {
    "ed25519": ["-t", "ed25519"],
    "ecdsa-p256": ["-t", "ecdsa", "-b", "256"],
    "ecdsa-p384": ["-t", "ecdsa", "-b", "384"],
    "ecdsa-p521": ["-t", "ecdsa", "-b", "521"],
    "rsa": ["-t", "rsa", "-b", "2048"],
}


# -- helpers --------------------------------------------------------------------------------


def ssh_keygen() -> str:
    exe = shutil.which("ssh-keygen")
    if exe is None:
        pytest.fail(
            "ssh-keygen not found: the SSHSIG interop tests need it; "
            "install openssh-client (e.g. apt-get install openssh-client)"
        )
    return exe


def run_keygen(*args: str | Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [ssh_keygen(), *map(str, args)], input=stdin, capture_output=True, timeout=60
    )


def keygen_pair(tmp_path: Path, kind: str) -> Path:
    key = tmp_path / f"id_{kind}"
    proc = run_keygen(*KEYGEN_TYPES[kind], "-q", "-N", "", "-C", "player@example", "-f", key)
    assert proc.returncode == 0, proc.stderr.decode()
    return key


def sstr(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def dearmour(armoured: str) -> bytes:
    return base64.b64decode("".join(armoured.strip().splitlines()[1:-1]))


def armour(blob: bytes) -> str:
    b64 = base64.b64encode(blob).decode()
    body = "\n".join(b64[i : i + 70] for i in range(0, len(b64), 70))
    return f"-----BEGIN SSH SIGNATURE-----\n{body}\n-----END SSH SIGNATURE-----\n"


def split_blob(blob: bytes) -> tuple[bytes, int, list[bytes]]:
    """(magic, version, [publickey, namespace, reserved, hash_algorithm, signature])."""
    magic, version = blob[:6], struct.unpack(">I", blob[6:10])[0]
    fields, pos = [], 10
    for _ in range(5):
        (n,) = struct.unpack(">I", blob[pos : pos + 4])
        fields.append(blob[pos + 4 : pos + 4 + n])
        pos += 4 + n
    assert pos == len(blob)
    return magic, version, fields


def join_blob(fields: list[bytes], magic: bytes = b"SSHSIG", version: int = 1) -> bytes:
    return magic + struct.pack(">I", version) + b"".join(sstr(f) for f in fields)


def signed_data(namespace: bytes, hash_alg: bytes, digest: bytes, reserved: bytes = b"") -> bytes:
    return b"SSHSIG" + sstr(namespace) + sstr(reserved) + sstr(hash_alg) + sstr(digest)


@pytest.fixture(scope="module")
def keys() -> dict[str, object]:
    return {
        "ed25519": ed25519.Ed25519PrivateKey.generate(),
        "ecdsa-p256": ec.generate_private_key(ec.SECP256R1()),
        "ecdsa-p384": ec.generate_private_key(ec.SECP384R1()),
        "ecdsa-p521": ec.generate_private_key(ec.SECP521R1()),
        "rsa": rsa.generate_private_key(public_exponent=65537, key_size=2048),
    }


@pytest.fixture
def ed_key() -> ed25519.Ed25519PrivateKey:
    return ed25519.Ed25519PrivateKey.generate()


@pytest.fixture
def ed_sig(ed_key) -> str:
    return sshsig.sign(ed_key, MESSAGE)


# -- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(KEYGEN_TYPES))
@pytest.mark.parametrize("hash_alg", ["sha512", "sha256"])
def test_round_trip(keys, kind, hash_alg):
    key = keys[kind]
    sig = sshsig.sign(key, MESSAGE, hash_alg=hash_alg)
    sshsig.verify(sig, MESSAGE, key.public_key())
    # the public key may also be given as an OpenSSH line
    sshsig.verify(sig, MESSAGE, sshsig.public_key_line(key.public_key()) + " a comment")


def test_armour_layout(keys):
    sig = sshsig.sign(keys["rsa"], MESSAGE)
    lines = sig.split("\n")
    assert lines[0] == "-----BEGIN SSH SIGNATURE-----"
    assert lines[-2:] == ["-----END SSH SIGNATURE-----", ""]
    assert all(len(line) == 70 for line in lines[1:-3])
    assert 0 < len(lines[-3]) <= 70
    magic, version, (_, namespace, reserved, hash_alg, signature) = split_blob(dearmour(sig))
    assert (magic, version, namespace, reserved, hash_alg) == (
        b"SSHSIG",
        1,
        NAMESPACE.encode(),
        b"",
        b"sha512",
    )
    assert signature.startswith(sstr(b"rsa-sha2-512"))


def test_verify_tolerates_whitespace_crlf_and_trailing_spaces(ed_key, ed_sig):
    mangled = "\r\n\r\n  " + ed_sig.replace("\n", "  \r\n") + "\r\n\t\n"
    sshsig.verify(mangled, MESSAGE, ed_key.public_key())


def test_public_key_line_and_parse(keys):
    for key in keys.values():
        pub = key.public_key()
        line = sshsig.public_key_line(pub)
        assert " " in line and len(line.split()) == 2
        assert sshsig.public_key_line(sshsig.parse_public_key(f"  {line} me@host  \n")) == line
        assert sshsig.fingerprint(pub).startswith("SHA256:")
        assert not sshsig.fingerprint(pub).endswith("=")


# -- private key loading --------------------------------------------------------------------


def test_load_private_key_formats(ed_key):
    pem = ed_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    openssh = ed_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    )
    encrypted = ed_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(b"hunter2"),
    )
    expected = sshsig.public_key_line(ed_key.public_key())
    for data, password in [(pem, None), (openssh, None), (encrypted, b"hunter2")]:
        loaded = sshsig.load_private_key(data, password)
        assert sshsig.public_key_line(loaded.public_key()) == expected

    with pytest.raises(SshSigError, match="wrong passphrase"):
        sshsig.load_private_key(encrypted, b"wrong")
    with pytest.raises(SshSigError, match="cannot load private key"):
        sshsig.load_private_key(encrypted, None)
    with pytest.raises(SshSigError, match="cannot load private key"):
        sshsig.load_private_key(b"-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n")


def test_load_private_key_rsa_traditional_pem(keys):
    pem = keys["rsa"].private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    key = sshsig.load_private_key(pem)
    sshsig.verify(sshsig.sign(key, MESSAGE), MESSAGE, keys["rsa"].public_key())


def test_load_passphrase_protected_openssh_key(tmp_path):
    key = tmp_path / "id_ed25519"
    proc = run_keygen("-q", "-t", "ed25519", "-N", "s3cret", "-f", key)
    assert proc.returncode == 0, proc.stderr.decode()
    loaded = sshsig.load_private_key(key.read_bytes(), b"s3cret")
    pub = sshsig.parse_public_key(key.with_suffix(".pub").read_text())
    assert sshsig.public_key_line(loaded.public_key()) == sshsig.public_key_line(pub)
    with pytest.raises(SshSigError):
        sshsig.load_private_key(key.read_bytes(), b"wrong")


def test_load_private_key_unsupported_type():
    pem = ed448.Ed448PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    with pytest.raises(SshSigError, match="unsupported key type"):
        sshsig.load_private_key(pem)


# -- interop with ssh-keygen ----------------------------------------------------------------


@pytest.mark.parametrize("kind", list(KEYGEN_TYPES))
def test_ssh_keygen_signs_we_verify(tmp_path, kind):
    key = keygen_pair(tmp_path, kind)
    orders = tmp_path / "orders.txt"
    orders.write_bytes(MESSAGE)
    proc = run_keygen("-Y", "sign", "-f", key, "-n", NAMESPACE, orders)
    assert proc.returncode == 0, proc.stderr.decode()
    armoured = orders.with_name("orders.txt.sig").read_text()

    pub = sshsig.parse_public_key(key.with_suffix(".pub").read_text())
    sshsig.verify(armoured, MESSAGE, pub)
    with pytest.raises(SshSigError, match="bad signature"):
        sshsig.verify(armoured, MESSAGE + b"A Vienna -> Berlin\n", pub)
    with pytest.raises(SshSigError, match="wrong namespace"):
        sshsig.verify(armoured, MESSAGE, pub, namespace="file")


@pytest.mark.parametrize("kind", list(KEYGEN_TYPES))
@pytest.mark.parametrize("hash_alg", ["sha512", "sha256"])
def test_we_sign_ssh_keygen_verifies(tmp_path, kind, hash_alg):
    key = keygen_pair(tmp_path, kind)
    private = sshsig.load_private_key(key.read_bytes())
    sig = tmp_path / "orders.txt.sig"
    sig.write_text(sshsig.sign(private, MESSAGE, hash_alg=hash_alg))
    pub_line = sshsig.public_key_line(private.public_key())
    assert key.with_suffix(".pub").read_text().startswith(pub_line + " ")
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(f'player namespaces="{NAMESPACE}" {pub_line}\n')

    def keygen_verify(message: bytes, namespace: str = NAMESPACE):
        return run_keygen(
            "-Y", "verify", "-f", allowed, "-I", "player", "-n", namespace, "-s", sig,
            stdin=message,
        )  # fmt: skip

    proc = keygen_verify(MESSAGE)
    assert proc.returncode == 0, proc.stderr.decode()
    assert b'Good "pbem-orders" signature for player' in proc.stdout
    # ...and ssh-keygen is really checking something
    assert keygen_verify(MESSAGE + b"x").returncode != 0
    assert keygen_verify(MESSAGE, namespace="file").returncode != 0


def test_ed25519_signature_identical_to_ssh_keygen(tmp_path):
    # Ed25519 is deterministic, so our armour must match ssh-keygen's byte for byte.
    key = keygen_pair(tmp_path, "ed25519")
    orders = tmp_path / "orders.txt"
    orders.write_bytes(MESSAGE)
    assert run_keygen("-Y", "sign", "-f", key, "-n", NAMESPACE, orders).returncode == 0
    ours = sshsig.sign(sshsig.load_private_key(key.read_bytes()), MESSAGE)
    assert ours == orders.with_name("orders.txt.sig").read_text()


@pytest.mark.parametrize("kind", ["ed25519", "ecdsa-p256", "rsa"])
def test_fingerprint_matches_ssh_keygen(tmp_path, kind):
    key = keygen_pair(tmp_path, kind)
    proc = run_keygen("-l", "-E", "sha256", "-f", key.with_suffix(".pub"))
    assert proc.returncode == 0, proc.stderr.decode()
    expected = proc.stdout.decode().split()[1]
    assert sshsig.fingerprint(sshsig.parse_public_key(key.with_suffix(".pub").read_text())) == (
        expected
    )


# -- rejections -----------------------------------------------------------------------------


def test_tampered_message(ed_key, ed_sig):
    with pytest.raises(SshSigError, match="bad signature"):
        sshsig.verify(ed_sig, MESSAGE.replace(b"Silesia", b"Saxony"), ed_key.public_key())


@pytest.mark.parametrize("kind", ["ecdsa-p256", "rsa"])
def test_tampered_message_other_key_types(keys, kind):
    sig = sshsig.sign(keys[kind], MESSAGE)
    with pytest.raises(SshSigError, match="bad signature"):
        sshsig.verify(sig, MESSAGE + b"\n", keys[kind].public_key())


def test_tampered_signature_bytes(ed_key, ed_sig):
    blob = bytearray(dearmour(ed_sig))
    blob[-1] ^= 0x01
    with pytest.raises(SshSigError, match="bad signature"):
        sshsig.verify(armour(bytes(blob)), MESSAGE, ed_key.public_key())


def test_wrong_namespace(ed_key):
    sig = sshsig.sign(ed_key, MESSAGE, namespace="file")
    with pytest.raises(SshSigError, match="wrong namespace.*'file'.*'pbem-orders'"):
        sshsig.verify(sig, MESSAGE, ed_key.public_key())
    sshsig.verify(sig, MESSAGE, ed_key.public_key(), namespace="file")


def test_different_key(keys, ed_key, ed_sig):
    other = ed25519.Ed25519PrivateKey.generate().public_key()
    with pytest.raises(SshSigError, match="key mismatch") as exc:
        sshsig.verify(ed_sig, MESSAGE, other)
    assert sshsig.fingerprint(ed_key.public_key()) in str(exc.value)
    assert sshsig.fingerprint(other) in str(exc.value)
    with pytest.raises(SshSigError, match="key mismatch"):
        sshsig.verify(ed_sig, MESSAGE, keys["ecdsa-p256"].public_key())


def test_swapped_public_key_in_blob(ed_key, ed_sig):
    # Embedding the expected key next to someone else's signature must not verify.
    other = ed25519.Ed25519PrivateKey.generate()
    _, _, fields = split_blob(dearmour(sshsig.sign(other, MESSAGE)))
    fields[0] = split_blob(dearmour(ed_sig))[2][0]
    with pytest.raises(SshSigError, match="bad signature"):
        sshsig.verify(armour(join_blob(fields)), MESSAGE, ed_key.public_key())


@pytest.mark.parametrize(
    ("mangle", "fragment"),
    [
        (lambda s: s.replace("-----BEGIN SSH SIGNATURE-----", "-----BEGIN PGP SIGNATURE-----"),
         "bad armour: signature must start with"),
        (lambda s: s.replace("-----END SSH SIGNATURE-----\n", ""),
         "bad armour: signature must end with"),
        (lambda s: "Orders follow\n" + s, "bad armour"),
        (lambda s: s[:40] + "*" + s[41:], "bad armour: signature body is not valid base64"),
        (lambda s: s.replace("\n", "", 2)[:-30] + "\n-----END SSH SIGNATURE-----",
         "bad armour"),
        (lambda s: "", "bad armour"),
        (lambda s: "-----BEGIN SSH SIGNATURE-----\n-----END SSH SIGNATURE-----\n", "truncated"),
    ],
)  # fmt: skip
def test_corrupted_armour(ed_key, ed_sig, mangle, fragment):
    with pytest.raises(SshSigError, match=fragment):
        sshsig.verify(mangle(ed_sig), MESSAGE, ed_key.public_key())


@pytest.mark.parametrize("keep", [3, 8, 20, 60, 100, 140, -1])
def test_truncated_blob(ed_key, ed_sig, keep):
    blob = dearmour(ed_sig)[:keep]
    with pytest.raises(SshSigError, match="truncated"):
        sshsig.verify(armour(blob), MESSAGE, ed_key.public_key())


def test_trailing_bytes(ed_key, ed_sig):
    with pytest.raises(SshSigError, match="trailing bytes"):
        sshsig.verify(armour(dearmour(ed_sig) + b"\0"), MESSAGE, ed_key.public_key())


def test_bad_magic_and_version(ed_key, ed_sig):
    _, _, fields = split_blob(dearmour(ed_sig))
    with pytest.raises(SshSigError, match="missing SSHSIG magic"):
        sshsig.verify(armour(join_blob(fields, magic=b"SSHSIH")), MESSAGE, ed_key.public_key())
    with pytest.raises(SshSigError, match="unsupported SSHSIG version 2"):
        sshsig.verify(armour(join_blob(fields, version=2)), MESSAGE, ed_key.public_key())


def test_reserved_field_must_be_empty(ed_key, ed_sig):
    _, _, fields = split_blob(dearmour(ed_sig))
    fields[2] = b"tag"
    with pytest.raises(SshSigError, match="reserved field"):
        sshsig.verify(armour(join_blob(fields)), MESSAGE, ed_key.public_key())


@pytest.mark.parametrize("alg", [b"sha1", b"md5", b"SHA512", b""])
def test_unsupported_hash_algorithm(ed_key, alg):
    digest = hashlib.new(alg.decode() or "sha256", MESSAGE).digest()
    sig = ed_key.sign(signed_data(NAMESPACE.encode(), alg, digest))
    pub_blob = base64.b64decode(sshsig.public_key_line(ed_key.public_key()).split()[1])
    fields = [pub_blob, NAMESPACE.encode(), b"", alg, sstr(b"ssh-ed25519") + sstr(sig)]
    with pytest.raises(SshSigError, match="unsupported hash algorithm"):
        sshsig.verify(armour(join_blob(fields)), MESSAGE, ed_key.public_key())
    with pytest.raises(SshSigError, match="unsupported hash algorithm"):
        sshsig.sign(ed_key, MESSAGE, hash_alg=alg.decode())


def test_rsa_sha1_signature_rejected(keys):
    # A valid PKCS#1 v1.5 / SHA-1 ("ssh-rsa") signature: ssh-keygen refuses these too.
    key = keys["rsa"]
    data = signed_data(NAMESPACE.encode(), b"sha512", hashlib.sha512(MESSAGE).digest())
    sig = key.sign(data, padding.PKCS1v15(), hashes.SHA1())
    pub_blob = base64.b64decode(sshsig.public_key_line(key.public_key()).split()[1])
    fields = [pub_blob, NAMESPACE.encode(), b"", b"sha512", sstr(b"ssh-rsa") + sstr(sig)]
    with pytest.raises(SshSigError, match="unsupported signature type 'ssh-rsa'"):
        sshsig.verify(armour(join_blob(fields)), MESSAGE, key.public_key())


def test_signature_type_must_match_key(keys):
    sig = sshsig.sign(keys["ecdsa-p256"], MESSAGE)
    _, _, fields = split_blob(dearmour(sig))
    fields[4] = sstr(b"ssh-ed25519") + fields[4][len(sstr(b"ecdsa-sha2-nistp256")) :]
    with pytest.raises(SshSigError, match="unsupported signature type 'ssh-ed25519'"):
        sshsig.verify(armour(join_blob(fields)), MESSAGE, keys["ecdsa-p256"].public_key())


SK_ED25519_BLOB = sstr(b"sk-ssh-ed25519@openssh.com") + sstr(b"\x11" * 32) + sstr(b"ssh:")


@pytest.mark.parametrize(
    "line",
    [
        "sk-ssh-ed25519@openssh.com " + base64.b64encode(SK_ED25519_BLOB).decode() + " yubikey",
        "ssh-dss " + base64.b64encode(sstr(b"ssh-dss") + sstr(b"\x01" * 4) * 4).decode(),
        "ssh-ed448 AAAAC3NzaC1lZDQ0OAAAADk=",
    ],
)
def test_parse_public_key_unsupported_type(line):
    with pytest.raises(SshSigError, match="unsupported key type"):
        sshsig.parse_public_key(line)


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("", "not an OpenSSH public key line"),
        ("ssh-ed25519", "not an OpenSSH public key line"),
        ("ssh-ed25519 !!!notbase64", "bad base64"),
        ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA", "malformed public key"),
        # line says ed25519, blob is an RSA key
        ("ssh-ed25519 AAAAB3NzaC1yc2EAAAADAQABAAAAAQC/", "blob says 'ssh-rsa'"),
        ('from="10.0.0.1" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5', "unsupported key type"),
    ],
)
def test_parse_public_key_garbage(line, fragment):
    with pytest.raises(SshSigError, match=fragment):
        sshsig.parse_public_key(line)


def test_sign_with_unsupported_key():
    with pytest.raises(SshSigError, match="unsupported key type Ed448PrivateKey"):
        sshsig.sign(ed448.Ed448PrivateKey.generate(), MESSAGE)
    with pytest.raises(SshSigError, match="unsupported key type: ECDSA on curve secp256k1"):
        sshsig.sign(ec.generate_private_key(ec.SECP256K1()), MESSAGE)
    with pytest.raises(SshSigError, match="unsupported key type"):
        sshsig.public_key_line(ed448.Ed448PrivateKey.generate().public_key())


def test_signature_embedding_unsupported_key(ed_key, ed_sig):
    _, _, fields = split_blob(dearmour(ed_sig))
    fields[0] = SK_ED25519_BLOB
    with pytest.raises(SshSigError, match="unsupported key type 'sk-ssh-ed25519@openssh.com'"):
        sshsig.verify(armour(join_blob(fields)), MESSAGE, ed_key.public_key())


def test_small_rsa_key_rejected():
    n = (1 << 767) | 0x1235  # 768-bit modulus; cryptography won't generate keys this small
    e = 65537
    blob = sstr(b"ssh-rsa") + sstr(e.to_bytes(3, "big")) + sstr(b"\0" + n.to_bytes(96, "big"))
    with pytest.raises(SshSigError, match="RSA key of 768 bits is too small"):
        sshsig.parse_public_key("ssh-rsa " + base64.b64encode(blob).decode())
    with pytest.raises(SshSigError, match="too small"):
        sshsig.public_key_line(rsa.RSAPublicNumbers(e, n).public_key())


def test_empty_namespace_rejected(ed_key):
    with pytest.raises(SshSigError, match="namespace must not be empty"):
        sshsig.sign(ed_key, MESSAGE, namespace="")
