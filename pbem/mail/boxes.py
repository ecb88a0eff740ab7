"""Where mail comes from: a Maildir (the default), an mbox file, or an IMAP folder.
Each source yields (key, raw bytes) and moves what was handled aside, never deletes
it: to `processed` or, for what could not be read, `quarantine`."""

from __future__ import annotations

import contextlib
import imaplib
import mailbox
import os
from collections.abc import Iterator
from pathlib import Path

from ..errors import UsageError
from .config import Server
from .extract import MAX_MESSAGE_BYTES

FOLDERS = ("processed", "quarantine")


class MaildirSource:
    """DIR/new and DIR/cur in; DIR/.processed and DIR/.quarantine (Maildir++ folders) out."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        for sub in ("new", "cur", "tmp"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)
        for folder in FOLDERS:
            for sub in ("new", "cur", "tmp"):
                (self.path / f".{folder}" / sub).mkdir(parents=True, exist_ok=True)

    def messages(self) -> Iterator[tuple[str, bytes]]:
        """Each message's bytes; of one over the size limit only as much as shows it (a
        mail of gigabytes is quarantined without being read whole)."""
        for sub in ("new", "cur"):
            for f in sorted((self.path / sub).iterdir()):
                if f.is_file() and not f.name.startswith("."):
                    with f.open("rb") as fh:
                        yield f"{sub}/{f.name}", fh.read(MAX_MESSAGE_BYTES + 1)

    def move(self, key: str, folder: str) -> None:
        src = self.path / key
        name = src.name if ":2," in src.name else src.name + ":2,S"
        os.replace(src, self.path / f".{folder}" / "cur" / name)


class MboxSource:
    """FILE in; FILE.processed and FILE.quarantine (mbox files) out."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.box = mailbox.mbox(self.path, create=False)

    def messages(self) -> Iterator[tuple[str, bytes]]:
        """Each message's bytes, as a Maildir's: of one over the size limit only as much
        as shows it (it was read whole: a mail of gigabytes in the mbox exhausted memory)."""
        self.box.lock()
        try:
            keys = list(self.box.keys())
            for k in keys:
                f = self.box.get_file(k)
                try:
                    yield str(k), f.read(MAX_MESSAGE_BYTES + 1)
                finally:
                    f.close()
        finally:
            self.box.unlock()

    def move(self, key: str, folder: str) -> None:
        """Copied whole, in blocks (never held whole), to FILE.FOLDER, then removed."""
        self.box.lock()
        try:
            target = f"{self.path}.{folder}"
            out = mailbox.mbox(target, create=True)
            out.lock()
            try:
                _append(target, self.box.get_file(int(key), from_=True))
            finally:
                out.unlock()
            self.box.remove(int(key))
            self.box.flush()
        finally:
            self.box.unlock()


def _append(target: str, src) -> None:
    """Append the message `src` (its From_ line and its lines, quoted as in the mbox it
    comes from) to the mbox file `target` (locked by the caller), as mailbox.mbox.add
    lays it out: a blank line before it unless the file is empty, a final line break."""
    with open(target, "ab") as f:
        if f.tell():
            f.write(b"\n")
        last = b"\n"
        while block := src.read(1 << 16):
            f.write(block)
            last = block[-1:]
        if last != b"\n":
            f.write(b"\n")
        f.flush()
        os.fsync(f.fileno())
    src.close()


class ImapSource:
    """An IMAP folder; handled mail is copied to pbem-processed / pbem-quarantine and
    removed from the folder (moved, never lost: the copy is made first)."""

    def __init__(self, server: Server):
        self.server = server
        self.folder = server.extra.get("folder", "INBOX")
        if server.security == "ssl":
            self.conn = imaplib.IMAP4_SSL(server.host, server.port)
        else:
            self.conn = imaplib.IMAP4(server.host, server.port)
            if server.security == "starttls":
                self.conn.starttls()
        self.conn.login(server.user, server.password)
        for folder in FOLDERS:
            self.conn.create(f"pbem-{folder}")  # an error if it exists: ignored
        self.conn.select(self.folder)

    def messages(self) -> Iterator[tuple[str, bytes]]:
        typ, data = self.conn.uid("SEARCH", None, "ALL")
        for uid in (data[0] or b"").split():
            # up to the size limit only (a bigger one is quarantined unread, as in a Maildir)
            typ, parts = self.conn.uid("FETCH", uid, f"(BODY.PEEK[]<0.{MAX_MESSAGE_BYTES + 1}>)")
            raw = next((p[1] for p in parts if isinstance(p, tuple)), None)
            if raw is not None:
                yield uid.decode(), raw

    def move(self, key: str, folder: str) -> None:
        typ, _ = self.conn.uid("COPY", key, f"pbem-{folder}")
        if typ != "OK":
            raise OSError(f"IMAP COPY to pbem-{folder} failed")
        self.conn.uid("STORE", key, "+FLAGS", "(\\Deleted)")
        self.conn.expunge()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.logout()


def open_source(maildir=None, mbox=None, imap: bool = False, config=None):
    """The one mailbox the command line names (`pbem ingest`, `pbem run`)."""
    from . import config as mailconfig

    if len([x for x in (maildir, mbox, imap) if x]) != 1:
        raise UsageError("give exactly one of --maildir DIR, --mbox FILE, --imap")
    if imap:
        server = mailconfig.server("imap", config)
        if server is None:
            raise UsageError("no IMAP server: set [imap] host in --config or PBEM_IMAP_HOST")
        return ImapSource(server)
    if mbox:
        return MboxSource(mbox)
    return MaildirSource(maildir)
