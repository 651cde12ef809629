"""MkDocs hooks of the docs site (mkdocs.yml `hooks:`): a page's `<!-- generated: NAME -->`
marker becomes the table tools/docs_gen.py computes from the code (configuration keys, API
versions), at every build, so the site cannot drift from what the broker reads and serves."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import docs_gen  # tools/ is not a package


def on_page_markdown(markdown: str, **_: Any) -> str:
    return docs_gen.expand(markdown)
