"""The console's pure parts: rendering bytes, the reset form's scenarios, the polling diff of the
live view, the --listen rule and basic authentication (no socket but the ASGI calls)."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from client.cli.common import CliError
from console.__main__ import is_loopback, main, parse_listen
from console.app import BasicAuth, _number
from console.cluster import Group, Member, _scenario, render_bytes
from console.live import diff


def test_render_bytes() -> None:
    assert render_bytes(None, "text") is None
    assert render_bytes(b"caf\xc3\xa9", "text") == "café"
    assert render_bytes(b'{"a":1}', "json") == '{\n "a": 1\n}'
    assert render_bytes(b"not json", "json") == "not json"
    assert render_bytes(b"\x00\xff", "hex") == "00 ff"
    assert render_bytes(b"\xff\xfe", "text") == "ff fe"  # not UTF-8: shown as hex


def test_reset_scenarios() -> None:
    assert _scenario("earliest", "").kind == "earliest"
    assert _scenario("offset", " 12 ").value == 12
    assert _scenario("shift", "-3").value == -3
    assert _scenario("datetime", "2026-01-01T00:00:00Z").value == 1767225600000
    with pytest.raises(CliError, match="--to-offset needs a whole number"):
        _scenario("offset", "x")
    with pytest.raises(CliError, match="invalid duration"):
        _scenario("duration", "a day")
    with pytest.raises(CliError, match="unknown reset scenario"):
        _scenario("rewind", "")


def _group(state: str, members: dict[str, list[str]], epoch: int | None = None) -> Group:
    return Group(
        "g",
        "classic",
        state,
        "consumer",
        "range",
        [Member(m, "c", "h", None, a) for m, a in members.items()],
        epoch,
    )


def test_polling_diff() -> None:
    before = _group("Stable", {"a": ["t-0", "t-1"]})
    after = _group("Stable", {"a": ["t-0"], "b": ["t-1"]})
    kinds = [(e["kind"], e.get("member")) for e in diff("g", before, after)]
    assert kinds == [("member-joined", "b"), ("assignment", None)]
    gone = diff("g", after, _group("PreparingRebalance", {"a": ["t-0"]}))
    assert [(e["kind"], e.get("member"), e.get("state")) for e in gone] == [
        ("member-gone", "b", None),
        ("transition", None, "PreparingRebalance"),
        ("assignment", None, None),  # {a, b} -> {a}: the assignment changed too
    ]
    assert all(e["polled"] for e in gone)
    assert diff("g", after, after) == []
    assert [e["kind"] for e in diff("g", after, None)] == ["member-gone", "member-gone", "transition"]


def test_listen_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_listen("127.0.0.1:8080") == ("127.0.0.1", 8080)
    assert parse_listen("[::1]:9") == ("::1", 9)
    assert is_loopback("localhost") and is_loopback("::1") and not is_loopback("0.0.0.0")
    with pytest.raises(CliError):
        parse_listen("8080")
    # Off the loopback address, no basic authentication: refused before anything is served.
    assert main(["--bootstrap-server", "x:1", "--listen", "0.0.0.0:8080"]) == 2
    assert "refusing to serve on 0.0.0.0" in capsys.readouterr().err
    assert main(["--bootstrap-server", "x:1", "--listen", "0.0.0.0:8080", "--basic-auth", "nopassword"]) == 2


async def _call(app: Any, headers: list[tuple[bytes, bytes]]) -> int:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app({"type": "http", "method": "GET", "path": "/", "headers": headers}, receive, send)
    return int(sent[0]["status"])


async def test_basic_auth() -> None:
    async def ok(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    app = BasicAuth(ok, "admin", "s3cret")
    good = b"Basic " + base64.b64encode(b"admin:s3cret")
    bad = b"Basic " + base64.b64encode(b"admin:guess")
    assert await _call(app, [(b"authorization", good)]) == 200
    assert await _call(app, [(b"authorization", bad)]) == 401
    assert await _call(app, [(b"authorization", b"Basic !!!")]) == 401
    assert await _call(app, []) == 401


def test_quota_numbers() -> None:
    assert _number(None) == "-"
    assert _number(1048576.0) == "1048576"  # not 1.04858e+06
    assert _number(12.5) == "12.5"
