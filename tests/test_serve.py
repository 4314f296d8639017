"""The local server of `make play` (tools/serve.py): one line for a busy port, no traceback when a
browser hangs up mid-response."""

from __future__ import annotations

import gzip
import socket
import struct
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.serve import make_server

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def server() -> Iterator[int]:
    running = make_server(0, "/half-moon/")
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    yield running.server_address[1]
    running.shutdown()
    running.server_close()


def test_a_busy_port_is_one_line_naming_it_and_the_way_round(server: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tools.serve", "--port", str(server)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode != 0 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and str(server) in done.stderr and "PORT=" in done.stderr


def test_a_client_that_hangs_up_leaves_no_traceback(server: int, capfd: pytest.CaptureFixture[str]) -> None:
    for _ in range(20):  # a reset while the server still writes a large file: the server's write fails
        with socket.create_connection(("127.0.0.1", server)) as client:
            client.sendall(b"GET /half-moon/static/vendor/pyodide/pyodide.asm.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(1)
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    with socket.create_connection(("127.0.0.1", server)) as client:  # the server still answers
        client.sendall(b"GET /half-moon/index.html HTTP/1.0\r\n\r\n")
        assert client.recv(12).startswith(b"HTTP/1.0 200")
    assert "Traceback" not in capfd.readouterr().err


def test_gzip_sends_text_and_wasm_compressed_to_a_browser_that_accepts_it() -> None:
    running = make_server(0, "/", ROOT, compress=True)
    threading.Thread(target=running.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{running.server_address[1]}/"
    try:
        for path, compressed in (
            ("index.html", True),
            ("static/app.css", True),
            ("static/build/icons/icon-192.png", False),
        ):
            asked = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(asked) as answer:
                body, encoding = answer.read(), answer.headers.get("Content-Encoding")
            assert (encoding == "gzip") == compressed, path
            assert (gzip.decompress(body) if compressed else body) == (ROOT / path).read_bytes()
        with urllib.request.urlopen(base + "index.html") as plain:  # no Accept-Encoding: as it is
            assert plain.headers.get("Content-Encoding") is None and plain.read() == (ROOT / "index.html").read_bytes()
    finally:
        running.shutdown()
        running.server_close()
