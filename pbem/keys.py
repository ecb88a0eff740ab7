"""Player and referee keys: pbem's own Ed25519 keys, and OpenSSH keys via SSHSIG.

A pbem public key is one line, "pbem-ed25519 <base64 of 32 bytes> [comment]"; its
private key is an unencrypted PKCS#8 PEM file (or encrypted, with a passphrase).
An OpenSSH public key line ("ssh-ed25519 AAAA...", RSA and ECDSA too) may be
registered instead; its owner signs with `pbem sign --key ~/.ssh/id_ed25519` or
with `ssh-keygen -Y sign -n pbem-orders` (docs/signing.md).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from . import sig_ahead
from .errors import PbemError

PBEM_KEY = "pbem-ed25519"


class KeyError_(PbemError):
    pass


@dataclass(frozen=True)
class PublicKey:
    kind: str  # "pbem" or "ssh"
    line: str  # canonical text, without comment
    key: Any

    def verify_raw(self, signature: bytes, message: bytes) -> bool:
        """An Ed25519 signature (RFC 8032) of `message` by this key. Checked by libsodium
        (PyNaCl), which does it in half the time of OpenSSL's path (issue 9: verify checks
        every envelope and checkpoint of a game) and also refuses small-order keys and
        non-canonical encodings, which no honest signer makes."""
        if self.kind != "pbem":
            raise KeyError_("an OpenSSH key verifies SSHSIG blocks, not raw signatures")
        known = sig_ahead.answer(self, signature, message)  # checked on another core
        return self.check_raw(signature, message) if known is None else known

    def check_raw(self, signature: bytes, message: bytes) -> bool:
        """`verify_raw` computed here."""
        from nacl.exceptions import BadSignatureError

        if len(signature) != 64:
            return False
        try:
            self.sodium.verify(message, signature)
        except BadSignatureError:
            return False
        return True

    @cached_property
    def sodium(self) -> Any:
        from nacl.signing import VerifyKey

        raw = self.key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        return VerifyKey(raw)

    @property
    def short(self) -> str:
        return self.line.split()[0] + " " + self.line.split()[1][:16] + "..."


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


@lru_cache(maxsize=256)
def parse_public_key(text: str) -> PublicKey:
    """A key line read into a key (kept: verify checks every envelope and checkpoint of
    a game with a few keys; a PublicKey is immutable)."""
    text = text.strip()
    parts = text.split()
    if not parts:
        raise KeyError_("empty public key")
    if parts[0] == PBEM_KEY:
        try:
            raw = base64.b64decode(parts[1], validate=True)
        except (IndexError, ValueError):  # binascii.Error, or a character not ASCII
            raise KeyError_("pbem-ed25519 key is not valid base64") from None
        if len(raw) != 32:
            raise KeyError_(f"pbem-ed25519 key must be 32 bytes, got {len(raw)}")
        return PublicKey("pbem", f"{PBEM_KEY} {parts[1]}", Ed25519PublicKey.from_public_bytes(raw))
    if parts[0].startswith(("ssh-", "ecdsa-")):
        from . import sshsig

        try:
            key = sshsig.parse_public_key(text)
        except sshsig.SshSigError as e:
            raise KeyError_(str(e)) from None
        return PublicKey("ssh", sshsig.public_key_line(key), key)
    raise KeyError_(
        f"unrecognised public key type {parts[0][:40]!r}: expected 'pbem-ed25519 ...' "
        "(from pbem keygen) or an OpenSSH public key line"
    )


def pbem_public_line(key: Ed25519PublicKey) -> str:
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return f"{PBEM_KEY} {_b64(raw)}"


def generate(passphrase: bytes | None = None) -> tuple[bytes, str]:
    """A new pbem key pair: (private PEM, public line)."""
    key = Ed25519PrivateKey.generate()
    enc: serialization.KeySerializationEncryption = (
        serialization.BestAvailableEncryption(passphrase)
        if passphrase
        else serialization.NoEncryption()
    )
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, enc)
    return pem, pbem_public_line(key.public_key())


def private_from_seed(seed: bytes) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(seed)


class Signer:
    """Signs normalised envelope text with a pbem key or an OpenSSH key."""

    def __init__(self, key: Any, kind: str):
        self.key = key
        self.kind = kind
        if kind == "pbem":
            self.public = parse_public_key(pbem_public_line(key.public_key()))
        else:
            from . import sshsig

            self.public = parse_public_key(sshsig.public_key_line(key.public_key()))

    @classmethod
    def load(cls, data: bytes, passphrase: bytes | None = None) -> Signer:
        if b"BEGIN OPENSSH PRIVATE KEY" in data:
            from . import sshsig

            try:
                return cls(sshsig.load_private_key(data, passphrase), "ssh")
            except (sshsig.SshSigError, ValueError, TypeError) as e:
                raise KeyError_(f"cannot read the OpenSSH private key: {e}") from None
        try:
            key = serialization.load_pem_private_key(data, password=passphrase)
        except (ValueError, TypeError) as e:
            raise KeyError_(f"cannot read the private key: {e}") from None
        if not isinstance(key, Ed25519PrivateKey):
            raise KeyError_("a pbem private key must be Ed25519 (make one with `pbem keygen`)")
        return cls(key, "pbem")

    def sign_raw(self, message: bytes) -> bytes:
        if self.kind != "pbem":
            raise KeyError_("raw signatures need a pbem key")
        return self.key.sign(message)

    def sshsig(self, message: bytes, namespace: str) -> str:
        from . import sshsig

        return sshsig.sign(self.key, message, namespace)
