"""`kbroker-console --bootstrap-server HOST:PORT [--command-config FILE] [--listen 127.0.0.1:8080]`."""

from __future__ import annotations

import ipaddress
import os
import sys

from client.cli.common import CliError, Parser, security_settings


def parse_listen(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise CliError(f"--listen {text!r}: expected HOST:PORT")
    return host.strip("[]") or "127.0.0.1", int(port)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def build_parser() -> Parser:
    p = Parser(prog="kbroker-console", description="A web console for kbroker and Kafka-compatible clusters.")
    p.add_argument("--bootstrap-server", required=True, metavar="HOST:PORT", help="the cluster to inspect")
    p.add_argument("--command-config", metavar="FILE", help="client properties (TLS, SASL), as the CLI tools")
    p.add_argument("--listen", default="127.0.0.1:8080", metavar="HOST:PORT", help="default 127.0.0.1:8080")
    p.add_argument(
        "--timeout", type=int, default=15_000, metavar="MS", help="request timeout (default 15000)"
    )
    p.add_argument(
        "--events-url",
        metavar="URL",
        help="a kbroker's metrics endpoint (http://host:port) for the live view's event stream; "
        "default: found through DescribeConfigs (metrics.port, group.events.stream.enable)",
    )
    p.add_argument(
        "--basic-auth",
        metavar="USER:PASSWORD",
        default=os.environ.get("KBROKER_CONSOLE_AUTH"),
        help="require HTTP basic authentication (env KBROKER_CONSOLE_AUTH); needed off 127.0.0.1",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        host, port = parse_listen(args.listen)
        security = security_settings(args)
        auth = None
        if args.basic_auth:
            user, sep, password = args.basic_auth.partition(":")
            if not sep or not user or not password:
                raise CliError("--basic-auth must be USER:PASSWORD")
            auth = (user, password)
        if not is_loopback(host):
            if auth is None:
                raise CliError(
                    f"refusing to serve on {host}: the console reads every topic and can reset offsets; "
                    "anyone who can reach it could. Give --basic-auth USER:PASSWORD (and prefer TLS in front)."
                )
            print(
                f"WARNING: serving on {host}:{port}, reachable beyond this machine; pages are behind basic "
                "authentication, sent in clear text unless a TLS proxy is in front.",
                file=sys.stderr,
            )
    except CliError as e:
        print(f"kbroker-console: error: {e}", file=sys.stderr)
        return 2
    import uvicorn

    from console.app import Settings, create_app

    app = create_app(Settings(args.bootstrap_server, security, args.timeout, args.events_url, auth))
    print(f"kbroker-console: http://{host}:{port}/ for {args.bootstrap_server}", file=sys.stderr)
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0


if __name__ == "__main__":
    sys.exit(main())
