"""The documentation, checked cheaply (no MkDocs run: CI's `make docs` builds the site with
`mkdocs build --strict`): the README stays a short entry point whose relative links all lead
somewhere, and the generated reference pages cover what the code defines."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_README_LINES = 250

# [text](target) and [text]: target, skipping images' and code spans' look-alikes is not needed:
# the README's code blocks hold no such syntax outside links.
_INLINE = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.MULTILINE)


def _without_code_blocks(text: str) -> str:
    return re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)


def relative_links(markdown: str) -> list[str]:
    text = _without_code_blocks(markdown)
    links = _INLINE.findall(text) + _REFERENCE.findall(text)
    return [link for link in links if not re.match(r"^[a-z][a-z0-9+.-]*:|^#|^/", link)]


def _docs_gen() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_gen", ROOT / "tools" / "docs_gen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("docs_gen", module)
    spec.loader.exec_module(module)
    return module


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines; move detail to docs/"


def test_readme_relative_links_exist() -> None:
    links = relative_links(README.read_text(encoding="utf-8"))
    assert links, "README.md links into docs/"
    missing = [link for link in links if not (ROOT / link.split("#", 1)[0]).exists()]
    assert not missing, f"README.md links to missing files: {missing}"


def test_readme_links_reach_the_key_pages() -> None:
    """A new user finds how to run a cluster, secure it and read the offsets with Spark in one
    click from the README."""
    links = {link.split("#", 1)[0] for link in relative_links(README.read_text(encoding="utf-8"))}
    assert {"docs/cluster.md", "docs/security.md", "docs/spark.md"} <= links


def test_links_are_found() -> None:
    text = "[a](docs/a.md) [b](https://x.org) [c](#here) [d](docs/d.md#part)\n```\n[e](no.md)\n```\n[f]: g.md"
    assert relative_links(text) == ["docs/a.md", "docs/d.md#part", "g.md"]


def test_every_nav_page_exists() -> None:
    nav = re.findall(r":\s*([\w./-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert nav
    assert [page for page in nav if not (ROOT / "docs" / page).exists()] == []


def test_generated_config_reference_lists_every_key() -> None:
    from broker.config import DEFS
    from broker.log.config import TOPIC_CONFIGS

    gen = _docs_gen()
    broker_table, topic_table = gen.broker_config(), gen.topic_config()
    assert [k for k in DEFS if f"| `{k}` |" not in broker_table] == []
    assert [k for k in TOPIC_CONFIGS if f"| `{k}` |" not in topic_table] == []


def test_generated_api_table_lists_every_api() -> None:
    from protocol.apis import ALL

    table = _docs_gen().api_versions()
    assert [api.name for api in ALL if f"| {api.name} |" not in table] == []


def test_pages_with_markers_are_expanded() -> None:
    gen = _docs_gen()
    for page in ("configuration.md", "compatibility.md"):
        expanded = gen.expand((ROOT / "docs" / page).read_text(encoding="utf-8"))
        assert "<!-- generated:" not in expanded, page


_SOURCE_PATH = re.compile(r"\b(?:protocol|broker|client|jobs|kbroker|tests|bench|tools)/[A-Za-z0-9_/]*\.py\b")


def test_every_source_file_the_docs_name_exists() -> None:
    """Files move (tests mirror the source tree, group code by protocol): a page naming a file
    that is gone sends a reader nowhere."""
    pages = [README, *sorted((ROOT / "docs").rglob("*.md"))]
    missing = sorted(
        {
            f"{page.relative_to(ROOT)}: {path}"
            for page in pages
            for path in _SOURCE_PATH.findall(page.read_text())
            if not (ROOT / path).exists()
        }
    )
    assert missing == []
