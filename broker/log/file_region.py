"""A slice of a segment file that a Fetch answer sends without reading it: Kafka's
`FileRecords.slice`, written to the socket with sendfile (broker/server.py).

The region holds its own descriptor (a dup of the segment's), so the bytes stay readable after
the segment is closed, cleaned away or deleted while the answer waits for the socket. A
follower's truncation can still shorten the file under it: the sender finds fewer bytes than
promised and closes that connection (the frame cannot be completed).
"""

from __future__ import annotations

import os

from broker.log.segment import pread_exact


class FileRegion:
    __slots__ = ("fd", "position", "length")

    def __init__(self, fd: int, position: int, length: int):
        self.fd = -1  # until the dup succeeds (it may fail: EMFILE), so that __del__ has one
        self.position = position
        self.length = length
        self.fd = os.dup(fd)

    def __len__(self) -> int:
        return self.length

    def __repr__(self) -> str:
        return f"FileRegion(fd={self.fd}, position={self.position}, length={self.length})"

    def read(self) -> bytes:
        """The bytes themselves, for the paths that cannot send the file (TLS, old versions)."""
        if self.fd < 0:
            raise ValueError("read of a closed FileRegion")
        return pread_exact(self.fd, self.length, self.position)

    def close(self) -> None:
        if self.fd >= 0:
            fd, self.fd = self.fd, -1
            os.close(fd)

    def __del__(self) -> None:
        self.close()
