"""An API: its key, request and response declarations, and the versions kbroker speaks."""

from __future__ import annotations

from dataclasses import dataclass

from protocol.schema import Message


@dataclass(frozen=True, slots=True)
class Api:
    key: int
    name: str
    request: Message
    response: Message
    min_version: int  # the lowest version Kafka 3.9 accepts
    max_version: int  # the highest version in Kafka 4.1's specs

    def supports(self, version: int) -> bool:
        return self.min_version <= version <= self.max_version

    def request_header_version(self, version: int) -> int:
        return 2 if self.request.is_flexible(version) else 1

    def response_header_version(self, version: int) -> int:
        # ApiVersions answers with header v0 always, so that a client that sent a version the
        # broker does not know can still read the error.
        if self.key == 18:
            return 0
        return 1 if self.response.is_flexible(version) else 0
