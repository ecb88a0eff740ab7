"""The signature checker that `verify` runs beside itself (pbem/sig_ahead.py), as a
script: `python -I -S sig_child.py LIBSODIUM`. It imports nothing of pbem (it starts in
a tenth of the time), reads its jobs from stdin and writes one byte per job to stdout
as soon as it has it: 1 where the signature is good, 0 where not.

A job is the message's length (4 bytes, little-endian), the Ed25519 public key (32
bytes), the signature (64 bytes), then the message. The check is libsodium's
`crypto_sign_verify_detached`, the function PyNaCl's `VerifyKey.verify` reaches
through `crypto_sign_open` (the same checks: small-order keys and non-canonical
encodings refused), called through ctypes from the library PyNaCl ships."""

import ctypes
import os
import sys


def main() -> None:
    lib = ctypes.CDLL(sys.argv[1])
    lib.sodium_init()
    check = lib.crypto_sign_verify_detached
    check.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulonglong, ctypes.c_char_p)
    check.restype = ctypes.c_int
    data = sys.stdin.buffer.read()
    at, end = 0, len(data)
    while at + 100 <= end:
        n = int.from_bytes(data[at : at + 4], "little")
        key, sig = data[at + 4 : at + 36], data[at + 36 : at + 100]
        message = data[at + 100 : at + 100 + n]
        at += 100 + n
        os.write(1, b"\x01" if len(message) == n and check(sig, message, n, key) == 0 else b"\x00")


if __name__ == "__main__":
    main()
