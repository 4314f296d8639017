"""The local server of `make play` (tools/serve.py): one line for a busy port, no traceback when a
browser hangs up mid-response."""

from __future__ import annotations

import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from serve import make_server  # noqa: E402


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
        [sys.executable, "tools/serve.py", "--port", str(server)], capture_output=True, text=True, cwd=ROOT, check=False
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
