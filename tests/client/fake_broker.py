"""A scripted broker for the client's connection-layer tests: it speaks the real wire format
(protocol/frames) and answers each API with a function the test provides."""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections.abc import Awaitable, Callable
from typing import Any

from protocol.apis import APIS, ApiKey
from protocol.frames import RequestHeader, decode_request, encode_response

Answer = Callable[[RequestHeader, Any], Awaitable[dict | None] | dict | None]
HANGUP = object()  # an answer that makes the broker close the connection


class FakeBroker:
    def __init__(
        self, versions: dict[int, tuple[int, int]] | None = None, topics: dict[str, int] | None = None
    ):
        self.versions = versions or {api.key: (api.min_version, api.max_version) for api in APIS.values()}
        self.topics = topics or {}
        self.handlers: dict[int, Answer] = {}
        self.requests: list[tuple[RequestHeader, Any]] = []
        self.max_in_flight = 0
        self._in_flight = 0
        self._server: asyncio.AbstractServer | None = None
        self.port = 0

    async def start(self) -> FakeBroker:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 1)

    def count(self, api_key: int) -> int:
        return sum(1 for h, _ in self.requests if h.api_key == api_key)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        pending: asyncio.Queue = asyncio.Queue()

        async def answer_in_order() -> None:
            while True:
                task = await pending.get()
                frame = await task
                self._in_flight -= 1
                if frame is HANGUP:
                    writer.close()
                    return
                if frame is not None:
                    writer.write(struct.pack(">i", len(frame)) + frame)

        answers = asyncio.create_task(answer_in_order())
        try:
            while True:
                size = struct.unpack(">i", await reader.readexactly(4))[0]
                header, body = decode_request(await reader.readexactly(size))
                self.requests.append((header, body))
                self._in_flight += 1
                self.max_in_flight = max(self.max_in_flight, self._in_flight)
                await pending.put(asyncio.create_task(self._answer(header, body)))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            answers.cancel()
            writer.close()

    async def _answer(self, header: RequestHeader, body: Any) -> bytes | object | None:
        if header.api_key == ApiKey.API_VERSIONS:
            answer: Any = {
                "error_code": 0,
                "api_keys": [
                    {"api_key": k, "min_version": lo, "max_version": hi}
                    for k, (lo, hi) in sorted(self.versions.items())
                ],
            }
        elif header.api_key in self.handlers:
            answer = self.handlers[header.api_key](header, body)
            if asyncio.iscoroutine(answer):
                answer = await answer
        elif header.api_key == ApiKey.METADATA:
            answer = self.metadata()
        elif header.api_key == ApiKey.FIND_COORDINATOR:
            answer = {
                "error_code": 0,
                "node_id": 0,
                "host": "127.0.0.1",
                "port": self.port,
                "coordinators": [
                    {"key": k, "node_id": 0, "host": "127.0.0.1", "port": self.port, "error_code": 0}
                    for k in body.coordinator_keys
                ],
            }
        elif header.api_key == ApiKey.OFFSET_FETCH:  # nothing committed
            answer = {
                "topics": [
                    {
                        "name": t.name,
                        "partitions": [
                            {"partition_index": p, "committed_offset": -1, "metadata": ""}
                            for p in t.partition_indexes
                        ],
                    }
                    for t in body.topics or []
                ]
            }
        elif header.api_key == ApiKey.LIST_OFFSETS:  # empty logs
            answer = {
                "topics": [
                    {
                        "name": t.name,
                        "partitions": [
                            {"partition_index": p.partition_index, "offset": 0, "timestamp": -1}
                            for p in t.partitions
                        ],
                    }
                    for t in body.topics
                ]
            }
        elif header.api_key == ApiKey.FETCH:  # nothing new, after the wait
            await asyncio.sleep(min(body.max_wait_ms, 100) / 1000)
            answer = {
                "responses": [
                    {
                        "topic": t.topic,
                        "topic_id": t.topic_id,
                        "partitions": [
                            {"partition_index": p.partition, "high_watermark": 0, "records": None}
                            for p in t.partitions
                        ],
                    }
                    for t in body.topics
                ]
            }
        else:
            return HANGUP
        if answer is HANGUP or answer is None:
            return answer
        return encode_response(header.api_key, header.api_version, header.correlation_id, answer)

    def metadata(self) -> dict:
        return {
            "brokers": [{"node_id": 0, "host": "127.0.0.1", "port": self.port}],
            "cluster_id": "fake",
            "controller_id": 0,
            "topics": [
                {
                    "error_code": 0,
                    "name": t,
                    "partitions": [
                        {
                            "error_code": 0,
                            "partition_index": p,
                            "leader_id": 0,
                            "replica_nodes": [0],
                            "isr_nodes": [0],
                        }
                        for p in range(n)
                    ],
                }
                for t, n in self.topics.items()
            ],
        }
