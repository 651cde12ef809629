"""What the console's tests share: the console served in the test's event loop, Debian's
Chromium driven by Playwright (never `playwright install`), and where screenshots go."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from console.app import Settings, create_app
from tests.helpers import free_port

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "test-artifacts" / "console"  # screenshots kept by the browser tests

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.fail(
            "no chromium: run `make install` (tools/install_system_deps.sh installs Debian's chromium)"
        )
    return path


@contextlib.asynccontextmanager
async def serve_console(bootstrap: str, **settings: Any) -> AsyncIterator[str]:
    """The console for `bootstrap` on an ephemeral port of 127.0.0.1; yields its base URL."""
    port = free_port()
    app = create_app(Settings(bootstrap, {}, **settings))
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    task = asyncio.get_running_loop().create_task(server.serve())
    try:
        async with asyncio.timeout(10):
            while not server.started:
                if task.done():
                    task.result()
                await asyncio.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        with contextlib.suppress(Exception):
            async with asyncio.timeout(10):
                await task


@contextlib.asynccontextmanager
async def browser_page() -> AsyncIterator[Any]:
    """One headless Chromium (one per test module) and a page in it."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            yield page
        finally:
            await browser.close()


async def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    await page.screenshot(path=str(path), full_page=True)
    return path
