"""One running copy of the app per user (per data folder).

Two copies would both write the same autosave, and the game of the one that wrote first would
be lost.  So the app holds a lock file in its data folder (``QLockFile``) while it runs.  A second
launch finds the lock taken, hands its file argument (or nothing) to the running copy through a
local socket (``QLocalServer``/``QLocalSocket``), which raises its window and opens the file,
and exits.  A lock left by a copy that was killed is stale (its process is gone) and is taken
over.

The socket's server starts after the first frame (QtNetwork is not needed before it); a second
launch that comes in the meantime tries to reach it for a few seconds.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal

from tabletop.engine.files import is_plain_file
from tabletop.engine.paths import data_dir

LOCK_NAME = "tabletop.lock"
HAND_OVER_SECONDS = 5.0  # how long a second launch tries to reach the first copy
MAX_MESSAGE = 64 * 1024


class SingleInstance(QObject):
    """The lock of the running copy, and the channel second launches use to reach it."""

    opened = Signal(str)  # a second launch asked: "" to show the window, or a file to open

    def __init__(self, folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        folder = folder or data_dir()
        self.path = folder / LOCK_NAME
        self.problem = ""  # why the app runs without the lock, if it does
        self.lock = QLockFile(str(self.path))
        self.lock.setStaleLockTime(0)  # held as long as the app runs: stale only if its process is gone
        # one name per data folder (and so per user): the folder's path, hashed
        self.server_name = "tabletop-" + hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
        self.server = None

    def acquire(self) -> bool:
        """Take the lock (a stale one is taken over); False only when another copy runs.  A lock
        the app cannot take for another reason -- a folder, a pipe or a link at its name (a pipe
        would block the lock's read), a folder it may not write in -- does not stop the app: it
        runs without the lock, and :attr:`problem` says so."""
        if os.path.lexists(self.path) and not is_plain_file(self.path):
            self.problem = (f"The app cannot use its lock file {self.path} (it is not a plain file), so it "
                            "does not notice a second copy of itself.")
            return True
        if self.lock.tryLock(100):
            return True
        if self.lock.error() == QLockFile.LockError.LockFailedError:
            if self.lock.removeStaleLockFile():
                return self.lock.tryLock(100)
            return False
        self.problem = (f"The app cannot write its lock file {self.path}, so it does not notice a second "
                        "copy of itself.")
        return True

    def listen(self) -> bool:
        """Start answering second launches (call it once the window is up)."""
        from PySide6.QtNetwork import QLocalServer

        self.server = QLocalServer(self)
        QLocalServer.removeServer(self.server_name)  # a socket left by a killed copy (we hold the lock)
        self.server.newConnection.connect(self._on_connection)
        return self.server.listen(self.server_name)

    def _on_connection(self) -> None:
        while self.server is not None and self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            received = bytearray()

            def read(socket=socket, received=received) -> None:  # noqa: ANN001
                received.extend(bytes(socket.readAll()))
                if b"\n" not in received and len(received) < MAX_MESSAGE:
                    return  # the rest is on its way
                socket.write(b"ok\n")
                socket.flush()
                self.opened.emit(bytes(received).split(b"\n", 1)[0].decode("utf-8", "replace"))

            socket.readyRead.connect(read)
            socket.disconnected.connect(socket.deleteLater)

    def hand_over(self, path: str | None) -> bool:
        """A second launch: send ``path`` (or nothing: show the window) to the running copy;
        whether it answered."""
        import time

        from PySide6.QtNetwork import QLocalSocket

        message = (str(Path(path).resolve()) if path else "").encode("utf-8") + b"\n"
        deadline = time.monotonic() + HAND_OVER_SECONDS
        while time.monotonic() < deadline:
            socket = QLocalSocket()
            socket.connectToServer(self.server_name)
            if socket.waitForConnected(500):
                socket.write(message)
                socket.flush()
                answered = socket.waitForReadyRead(2000) and bytes(socket.readAll()).startswith(b"ok")
                socket.disconnectFromServer()
                if answered:
                    return True
            time.sleep(0.1)
        return False

    def release(self) -> None:
        if self.server is not None:
            self.server.close()
        if self.lock.isLocked():
            self.lock.unlock()
