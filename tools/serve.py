"""Serve the game locally and say where:
``python -m tools.serve [--port 8000] [--prefix /half-moon/] [--root DIR] [--gzip]``.

``make play PORT=8080`` passes ``--port``; port 0 takes any free port.

A static server like GitHub Pages: the site is the repository's top level (or ``--root``, e.g. the
deploy artifact ``tools/build.py --site _site`` makes). With ``--prefix`` it is served under a
sub-path, as GitHub Pages serves a project site; with ``--gzip`` each text or wasm file is sent
gzip-compressed to a browser that accepts it, as GitHub Pages does (for Lighthouse's figures).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import io
import re
import socket
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


# What a static host compresses: text and wasm (images and zips are compressed already).
COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".toml", ".webmanifest", ".svg", ".txt", ".wasm"}


class Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    root = ROOT
    gzip = False
    served: list[tuple[str, int]] | None = None
    """When a list: each response sent with a body, as (path without the query, bytes), in order
    (a 304 has no body and is not there): how the tests count downloads per file."""
    extensions_map = {  # noqa: RUF012 - the base class declares it so
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(self.root / "404-not-under-prefix")
        return super().translate_path("/" + path[len(self.prefix) :])

    def end_headers(self) -> None:
        # Like a static host after a deploy: revalidate, so a new build is never mixed with an old one.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepted = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.gzip and accepted and path.suffix in COMPRESSED and path.is_file()):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=9)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_made(self, body: bytes, kind: str) -> io.BytesIO:
        """A response made here, not read from a file (what a test or a benchmark adds to the site)."""
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.served is None:
            return super().copyfile(source, outputfile)
        data = source.read()
        self.served.append((self.path.split("?")[0], len(data)))  # counted even if the browser hangs up
        outputfile.write(data)


def with_first_script(page: str, src: str) -> bytes:
    """``page`` with ``<script src>`` right after its Content Security Policy, before its own scripts."""
    tag = f'\\1\n  <script src="./{src}"></script>'
    return re.sub(r"(<meta http-equiv=\"Content-Security-Policy\"[^>]*>)", tag, page, count=1).encode()


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: object) -> None:
        """A browser that hangs up mid-response (a reload, a cancelled fetch) is normal play, not
        an error worth a traceback; anything else is still reported."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    port: int,
    prefix: str = "/",
    root: Path = ROOT,
    served: list[tuple[str, int]] | None = None,
    handler: type = Handler,
    compress: bool = False,
) -> Server:
    """A server of the site at ``root`` under ``prefix``; ``served`` collects each body sent
    (``Handler.served``); ``handler``: a subclass of ``Handler`` (the tests' own); ``compress``:
    gzip as a static host does."""
    fields = {"prefix": prefix, "root": root, "served": served, "gzip": compress}
    handler = type("PrefixedHandler", (handler,), fields)
    return Server(("127.0.0.1", port), functools.partial(handler, directory=str(root)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path, e.g. /half-moon/")
    parser.add_argument("--root", type=Path, default=ROOT, help="the site's folder (default: the repository)")
    parser.add_argument("--gzip", action="store_true", help="send text and wasm gzip-compressed, as GitHub Pages")
    args = parser.parse_args()
    prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
    try:
        server = make_server(args.port, prefix, args.root.resolve(), compress=args.gzip)
    except OSError as error:
        sys.exit(f"serve: cannot listen on port {args.port} ({error.strerror}): choose another: make play PORT=8080")
    print(f"Half Moon is at http://127.0.0.1:{server.server_address[1]}{prefix}  (Ctrl+C stops it)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
