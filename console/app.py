"""The console's web application (Starlette): server-rendered pages (Jinja2), a little
JavaScript for the live parts (the group's lag chart, the live view's timeline), no build step.

Every page reads the cluster through `ClusterView`; a `ConsoleError` becomes the page's one-line
message (status 400, or 503 when the cluster is unreachable) and any other failure a short
"internal error" line: never a stack trace.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Receive, Scope, Send

from console import live
from console.cluster import QUOTA_KEYS, SCENARIOS, ClusterView, ConsoleError, parse_int

HERE = Path(__file__).parent


@dataclass(slots=True)
class Settings:
    bootstrap: str
    security: dict[str, Any]
    timeout_ms: int = 15_000
    events_url: str | None = None  # the broker's metrics endpoint (http://host:port); else discovered
    auth: tuple[str, str] | None = None  # basic authentication (user, password)


def _when(ms: int | None) -> str:
    if ms is None or ms < 0:
        return "-"
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3] + "Z"


def _size(n: int | None) -> str:
    if n is None:
        return "-"
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return str(n)


def _number(v: float | None) -> str:
    """A quota value: whole numbers without a fraction (1048576, not 1.04858e+06)."""
    if v is None:
        return "-"
    return str(int(v)) if v.is_integer() else str(v)


templates = Jinja2Templates(directory=str(HERE / "templates"))
templates.env.filters["when"] = _when
templates.env.filters["size"] = _size
templates.env.filters["number"] = _number
templates.env.filters["q"] = lambda s: quote(str(s), safe="")


class Pages:
    """The console's pages and JSON endpoints, over one ClusterView."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.view = ClusterView(settings.bootstrap, settings.security, settings.timeout_ms)
        self.history = live.LagHistory()

    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> Response:
        context.setdefault("error", None)
        return templates.TemplateResponse(
            request, template, {"bootstrap": self.settings.bootstrap, **context}, status_code=status
        )

    async def cluster(self, request: Request) -> Response:
        return self.page(request, "cluster.html", info=await self.view.overview())

    async def topics(self, request: Request) -> Response:
        return self.page(request, "topics.html", topics=await self.view.topics())

    async def topic(self, request: Request) -> Response:
        name = request.path_params["name"]
        partitions, configs = await self.view.topic(name)
        return self.page(request, "topic.html", name=name, partitions=partitions, configs=configs)

    async def messages(self, request: Request) -> Response:
        name = request.path_params["name"]
        q = request.query_params
        form = {k: q.get(k, "") for k in ("partition", "offset", "timestamp", "limit", "search", "format")}
        form["format"] = form["format"] if form["format"] in ("text", "json", "hex") else "text"
        records: list[Any] = []
        note, error = q.get("note", ""), None
        if form["partition"] != "":
            try:
                partition = parse_int(form["partition"], "partition", minimum=0)
                limit = parse_int(form["limit"] or "50", "limit", minimum=1)
                offset = parse_int(form["offset"], "offset") if form["offset"].strip() else None
                ts = parse_int(form["timestamp"], "timestamp (ms)") if form["timestamp"].strip() else None
                records, read_note = await self.view.read(
                    name,
                    partition,
                    offset=offset,
                    timestamp_ms=ts,
                    limit=min(limit, 500),
                    search=form["search"],
                    how=form["format"],
                )
                note = note or read_note  # a produce's note (in the redirect) first
            except ConsoleError as e:
                error = str(e)
        status = 400 if error else 200
        return self.page(
            request, "messages.html", status, name=name, form=form, records=records, note=note, error=error
        )

    async def produce(self, request: Request) -> Response:
        name = request.path_params["name"]
        form = await request.form()
        text = {k: str(form.get(k, "")) for k in ("partition", "key", "value", "headers")}
        headers = []
        for line in text["headers"].splitlines():
            if line.strip():
                k, sep, v = line.partition("=")
                if not sep:
                    raise ConsoleError(f"a header is key=value, one per line; not {line!r}")
                headers.append((k.strip(), v))
        partition = (
            parse_int(text["partition"], "partition", minimum=0) if text["partition"].strip() else None
        )
        p, offset = await self.view.produce(name, partition, text["key"], text["value"], headers)
        note = quote(f"Produced to {name}-{p} at offset {offset}.")
        return RedirectResponse(
            f"/topics/{quote(name, safe='')}/messages?partition={p}&offset={offset}&note={note}",
            status_code=303,
        )

    async def groups(self, request: Request) -> Response:
        wanted = request.query_params.get("group", "").strip()
        if wanted:
            return RedirectResponse(f"/groups/{quote(wanted, safe='')}", status_code=303)
        try:
            return self.page(request, "groups.html", groups=await self.view.groups())
        except ConsoleError as e:  # e.g. no ListGroups: the lookup form still works
            return self.page(request, "groups.html", groups=[], error=str(e))

    async def group(
        self, request: Request, reset: dict[str, Any] | None = None, status: int = 200
    ) -> Response:
        gid = request.path_params["group"]
        g = await self.view.group(gid)
        lag = await self.view.lag(g)
        partitions, grid = g.grid()
        topics = sorted({r.topic for r in lag} | {p.rpartition("-")[0] for p in partitions})
        return self.page(
            request,
            "group.html",
            status,
            group=g,
            lag=lag,
            partitions=partitions,
            grid=grid,
            topics=topics,
            scenarios=SCENARIOS,
            reset=reset or {},
            error=(reset or {}).get("error"),
        )

    async def group_page(self, request: Request) -> Response:
        return await self.group(request)

    async def reset(self, request: Request) -> Response:
        gid = request.path_params["group"]
        form = await request.form()
        text = {k: str(form.get(k, "")) for k in ("topic", "scenario", "value", "action")}
        execute = text["action"] == "execute"
        result: dict[str, Any] = {**text, "executed": execute}
        try:
            result["rows"] = await self.view.reset(
                gid, text["topic"], text["scenario"], text["value"], execute=execute
            )
        except ConsoleError as e:
            result["error"] = str(e)
        return await self.group(request, result, 400 if "error" in result else 200)

    async def group_json(self, request: Request) -> Response:
        g = await self.view.group(request.path_params["group"])
        partitions, grid = g.grid()
        return JSONResponse({**asdict(g), "partitions": partitions, "grid": grid})

    async def lag_json(self, request: Request) -> Response:
        gid = request.path_params["group"]
        rows = await self.view.lag(await self.view.group(gid))
        total = sum(r.lag or 0 for r in rows)
        return JSONResponse(
            {"rows": [asdict(r) for r in rows], "total": total, "history": self.history.add(gid, total)}
        )

    async def live_page(self, request: Request) -> Response:
        gid = request.path_params["group"]
        g = await self.view.group(gid)
        return self.page(request, "live.html", group=g)

    async def events(self, request: Request) -> Response:
        gid = request.path_params["group"]

        async def body() -> AsyncIterator[bytes]:
            yield b": kbroker-console\n\n"
            async for e in live.events(self.view, gid, self.settings.events_url):
                if await request.is_disconnected():
                    return
                yield b"data: " + json.dumps(e, default=str).encode() + b"\n\n"

        return StreamingResponse(
            body(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"}
        )

    async def acls(self, request: Request) -> Response:
        try:
            bindings, error = await self.view.acls(), None
        except ConsoleError as e:
            bindings, error = [], str(e)
        return self.page(request, "acls.html", bindings=bindings, acl_error=error)

    async def quotas(self, request: Request) -> Response:
        info = await self.view.overview()
        entries: dict[int, dict[str, str | None]] = {}
        for b in info["brokers"]:
            try:
                conf = await self.view.broker_config(b.node_id, [])  # every key
            except Exception:  # noqa: BLE001 - a broker that does not answer shows nothing
                conf = {}
            entries[b.node_id] = {k: v for k, v in conf.items() if "quota" in k}
        try:
            client, client_error = await self.view.client_quotas(), None
        except ConsoleError as e:  # e.g. a broker without DescribeClientQuotas
            client, client_error = [], str(e)
        return self.page(
            request, "quotas.html", entries=entries, client=client, client_error=client_error, keys=QUOTA_KEYS
        )

    async def transactions(self, request: Request) -> Response:
        return self.page(request, "transactions.html", txns=await self.view.transactions())

    async def console_error(self, request: Request, exc: Exception) -> Response:
        unreachable = "unreachable" in str(exc)
        return self.page(request, "error.html", 503 if unreachable else 400, error=str(exc))

    async def internal_error(self, request: Request, exc: Exception) -> Response:
        return self.page(request, "error.html", 500, error=f"Internal error: {type(exc).__name__}: {exc}")


def create_app(settings: Settings) -> Starlette:
    pages = Pages(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        yield
        await pages.view.close()

    app = Starlette(
        routes=[
            Route("/", pages.cluster),
            Route("/topics", pages.topics),
            Route("/topics/{name}", pages.topic),
            Route("/topics/{name}/messages", pages.messages),
            Route("/topics/{name}/produce", pages.produce, methods=["POST"]),
            Route("/groups", pages.groups),
            Route("/groups/{group}", pages.group_page),
            Route("/groups/{group}/reset", pages.reset, methods=["POST"]),
            Route("/groups/{group}/live", pages.live_page),
            Route("/api/groups/{group}", pages.group_json),
            Route("/api/groups/{group}/lag", pages.lag_json),
            Route("/api/groups/{group}/events", pages.events),
            Route("/acls", pages.acls),
            Route("/quotas", pages.quotas),
            Route("/transactions", pages.transactions),
        ],
        exception_handlers={ConsoleError: pages.console_error, Exception: pages.internal_error},
        lifespan=lifespan,
    )
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    if settings.auth is not None:
        return BasicAuth(app, *settings.auth)  # type: ignore[return-value]
    return app


class BasicAuth:
    """HTTP basic authentication in front of every page (required off the loopback address)."""

    def __init__(self, app: ASGIApp, user: str, password: str) -> None:
        self.app = app
        self.expected = f"{user}:{password}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self._allowed(dict(scope["headers"]).get(b"authorization", b"")):
            response = Response(
                "authentication required\n",
                401,
                {"WWW-Authenticate": 'Basic realm="kbroker-console"'},
                media_type="text/plain",
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _allowed(self, header: bytes) -> bool:
        scheme, _, value = header.partition(b" ")
        if scheme.lower() != b"basic":
            return False
        try:
            given = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            return False
        return secrets.compare_digest(given, self.expected)
