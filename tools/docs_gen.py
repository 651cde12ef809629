"""The generated parts of the docs site, computed from the code so that they cannot drift.

`make docs` runs MkDocs, whose hook (tools/mkdocs_hooks.py) replaces a marker line in a page,
`<!-- generated: NAME -->`, with `GENERATORS[NAME]()`:

- `broker-config`: every key of `broker/config.py` (`_DEFS`), in its order, under the comments
  that group them there, with its default, the value `config/server.properties` (`make run`)
  gives it, what it accepts, and the comment on its line.
- `topic-config`: every topic config of `broker/log/config.py`, the broker key it defaults to,
  its value with the broker's defaults, and whether the log acts on it.
- `api-versions`: every API `protocol/apis.py` declares, the versions ApiVersions advertises
  (`broker.apis.advertised_versions`, what the broker answers), the first flexible version.

Also runnable alone: `python tools/docs_gen.py broker-config` prints that part.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _own_checkout_first() -> None:
    """This checkout's packages ahead of an editable install of another one (a git worktree's
    docs are its own). Again at each expansion: mkdocs restores sys.path after loading hooks."""
    if sys.path[:1] != [str(ROOT)]:
        sys.path.insert(0, str(ROOT))


_own_checkout_first()

_PARSERS = {
    "_I": "int",
    "_B": "boolean",
    "_S": "string",
    "_L": "list",
    "_D": "double",
    "parse_listeners": "listeners (`NAME://host:port,...`)",
    "parse_protocol_map": "`NAME:PROTOCOL,...`",
    "_parse_name": "listener name",
    "_parse_lower": "string",
    "_parse_principals": "principals (`User:a;User:b`)",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str | None) -> str:
    if text is None:
        return "*(none)*"
    if text == "":
        return '`""`'
    return f"`{_cell(text)}`"


def _check(node: ast.expr | None, source: str) -> str:
    """`at_least(0)` -> `≥ 0`; `between(0, 1)` -> `0 to 1`; `one_of("a", "b")` -> one of `a`, `b`."""
    if node is None:
        return ""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        import broker.config

        args: list[object] = []
        for a in node.args:  # literals, or names of broker/config.py (`*SECURITY_PROTOCOLS`)
            if isinstance(a, ast.Starred):
                args += eval(ast.get_source_segment(source, a.value) or "", vars(broker.config))
            else:
                args.append(eval(ast.get_source_segment(source, a) or "", vars(broker.config)))
        if node.func.id == "at_least":
            return f"≥ {args[0]}"
        if node.func.id == "between":
            return f"{args[0]} to {args[1]}"
        if node.func.id == "one_of":
            return "one of " + ", ".join(f"`{a}`" for a in args)
    return f"`{ast.get_source_segment(source, node)}`"


def _comments(source: str) -> dict[int, str]:
    """Line number -> the text of the comment on that line."""
    out = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string.lstrip("#").strip()
    return out


def _config_defs_ast(source: str) -> tuple[int, list[ast.Call]]:
    """The line of `_DEFS = (` and its ConfigDef calls."""
    for node in ast.parse(source).body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "_DEFS"
        ):
            assert isinstance(node.value, ast.Tuple)
            return node.lineno, [c for c in node.value.elts if isinstance(c, ast.Call)]
    raise LookupError("broker/config.py has no _DEFS tuple")


def broker_config() -> str:
    from broker.config import DEFS, read_properties

    source = (ROOT / "broker/config.py").read_text(encoding="utf-8")
    comments = _comments(source)
    previous_end, calls = _config_defs_ast(source)
    shipped = read_properties((ROOT / "config/server.properties").read_text(encoding="utf-8"))
    header = "| Key | Default | `make run` | Accepts | Notes |\n|---|---|---|---|---|"
    lines: list[str] = []
    seen = set()
    open_table = False
    for call in calls:
        name = ast.literal_eval(call.args[0])
        seen.add(name)
        d = DEFS[name]
        block = [comments[n] for n in range(previous_end + 1, call.lineno) if n in comments]
        if block or not open_table:
            if block:
                lines += ["", " ".join(block), ""]
            lines += ["", header] if not block else [header]
            open_table = True
        parser = call.args[1]
        kind = _PARSERS.get(parser.id, parser.id) if isinstance(parser, ast.Name) else "?"
        check = call.args[3] if len(call.args) > 3 else None
        for kw in call.keywords:
            if kw.arg == "check":
                check = kw.value
        notes = [
            comments[n] for n in range(call.lineno, (call.end_lineno or call.lineno) + 1) if n in comments
        ]
        if d.doc:
            notes.insert(0, d.doc)
        lines.append(
            f"| `{name}` | {_code(d.default)} | {_code(shipped[name]) if name in shipped else ''} "
            f"| {_cell('; '.join(filter(None, (kind, _check(check, source)))))} | {_cell(' '.join(notes))} |"
        )
        previous_end = call.end_lineno or call.lineno
    missing = set(DEFS) - seen
    if missing:  # a key defined some other way: still listed
        lines += ["", "Other keys:", "", header]
        for name in sorted(missing):
            lines.append(f"| `{name}` | {_code(DEFS[name].default)} | | | |")
    unknown = set(shipped) - set(DEFS)
    if unknown:
        raise ValueError(f"config/server.properties sets keys broker/config.py does not know: {unknown}")
    return "\n".join(lines).strip() + "\n"


def topic_config() -> str:
    from broker.config import Config
    from broker.log.config import TOPIC_CONFIGS, broker_defaults

    source = (ROOT / "broker/log/config.py").read_text(encoding="utf-8")
    synonyms: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "TopicConfigDef"
        ):
            name = ast.literal_eval(node.args[0])
            default = node.args[3]
            if (
                isinstance(default, ast.Call)
                and isinstance(default.func, ast.Name)
                and default.func.id == "_from"
            ):
                synonyms[name] = f"`{ast.literal_eval(default.args[0])}`"
            else:  # a derived value (`lambda c: str(c.log_roll_ms)`, `_flush_ms`): the keys it reads
                synonyms[name] = " or ".join(f"`{k}`" for k in _keys_read(default, source))
    values = broker_defaults(Config({}))
    lines = [
        "| Topic config | Broker key it defaults to | Default | Acted on |",
        "|---|---|---|---|",
    ]
    for name, d in TOPIC_CONFIGS.items():
        synonym = synonyms.get(name, "")
        acted = "yes" if d.field else "accepted, no effect"
        lines.append(f"| `{name}` | {synonym} | {_code(values[name])} | {acted} |")
    return "\n".join(lines) + "\n"


def _keys_read(node: ast.expr, source: str) -> list[str]:
    """The broker keys a derived topic default reads: those its code names, directly or through
    a Config property or a function of broker/log/config.py."""
    import inspect
    import re

    import broker.log.config
    from broker.config import DEFS, Config

    code = ast.get_source_segment(source, node) or ""
    for attr in re.findall(r"\bc(?:onfig)?\.(\w+)", code):
        prop = getattr(Config, attr, None)
        if isinstance(prop, property) and prop.fget is not None:
            code += inspect.getsource(prop.fget)
    if isinstance(node, ast.Name):
        fn = getattr(broker.log.config, node.id, None)
        if callable(fn):
            code += inspect.getsource(fn)
    return [k for k in dict.fromkeys(re.findall(r'"([a-z][a-z0-9.]+)"', code)) if k in DEFS]


def api_versions() -> str:
    from broker.apis import CONSUMER_PROTOCOL_APIS, SHARE_PROTOCOL_APIS, advertised_versions
    from protocol.apis import ALL

    served = {a["api_key"]: (a["min_version"], a["max_version"]) for a in advertised_versions(True, True)}
    classic_only = {a["api_key"] for a in advertised_versions(False)}
    lines = [
        "| Key | API | Versions served | Flexible from | Notes |",
        "|---|---|---|---|---|",
    ]
    for api in sorted(ALL, key=lambda a: a.key):
        versions = served.get(api.key)
        flexible = [v for v in range(api.min_version, api.max_version + 1) if api.request.is_flexible(v)]
        notes = []
        if versions is None:
            notes.append(f"declared ({api.min_version}–{api.max_version}), not served")
        elif api.key in SHARE_PROTOCOL_APIS:
            notes.append("only while `group.share.enable` is true (off by default); membership only")
        elif api.key not in classic_only or api.key in CONSUMER_PROTOCOL_APIS:
            notes.append("only while `group.coordinator.rebalance.protocols` has `consumer` (the default)")
        text = (
            "–"
            if versions is None
            else (f"{versions[0]}" if versions[0] == versions[1] else f"{versions[0]}–{versions[1]}")
        )
        lines.append(
            f"| {api.key} | {api.name} | {text} | {flexible[0] if flexible else '–'} | {'; '.join(notes)} |"
        )
    return "\n".join(lines) + "\n"


GENERATORS: dict[str, Callable[[], str]] = {
    "broker-config": broker_config,
    "topic-config": topic_config,
    "api-versions": api_versions,
}

MARKER = "<!-- generated: {} -->"


def expand(markdown: str) -> str:
    """Replace each marker line with what its generator makes."""
    _own_checkout_first()
    for name, generate in GENERATORS.items():
        marker = MARKER.format(name)
        if marker in markdown:
            markdown = markdown.replace(marker, generate())
    return markdown


if __name__ == "__main__":
    for arg in sys.argv[1:] or list(GENERATORS):
        print(GENERATORS[arg]())
