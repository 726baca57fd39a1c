#!/usr/bin/env python3
"""`grona-snap serve` for the scripts and the studio's browser tests: one harness that starts the server on
a free port, waits until it is ready (GET /readyz answers 200) and stops it (SIGTERM, then SIGKILL).

In Python:

    from grona_server import GronaServer
    with GronaServer(binary, folder, "--threads", "1") as server:
        server.address      # http://127.0.0.1:PORT/
        server.request("GET", "/healthz")   # (status, body, headers)

From a shell (scripts/api-schema-test): the server runs while COMMAND does, which finds it in
$GRONA_URL (http://127.0.0.1:PORT, no slash at the end); the exit status is COMMAND's.

    scripts/grona_server.py BINARY FOLDER [SERVE OPTION…] -- COMMAND [ARGUMENT…]
"""
import http.client
import os
import signal
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def built_binary(prefer="release"):
    """This checkout's grona-snap: the `prefer` build (release or debug) when it exists, else the other."""
    other = "debug" if prefer == "release" else "release"
    first = os.path.join(ROOT, ".build", prefer, "grona-snap")
    return first if os.path.exists(first) else os.path.join(ROOT, ".build", other, "grona-snap")


def request(port, method, path, body=None, headers=None, timeout=120, source=None):
    """One request to 127.0.0.1:PORT on a fresh connection (from `source`, an address of 127/8, if given):
    (status, body, headers)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0) if source else None)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.read(), dict(answer.getheaders())
    finally:
        conn.close()


class GronaServer:
    """`BINARY serve FOLDER --port PORT [EXTRA…]` with the checkout's fonts; ready once constructed.
    PORT 0 (the default) takes a free port; a given one starts a server again where a stopped one was."""

    def __init__(self, binary, folder, *extra, port=0, ready_timeout=30, env=None, stderr=None):
        self.binary, self.folder = binary, folder
        # No line per request unless asked for (`--log-format`, or GRONA_LOG_FORMAT in `env`): the
        # scripts send thousands, and the server's errors still reach stderr.
        env = {"GRONA_LOG_FORMAT": "none", **os.environ, "GRONA_FONTS": os.path.join(ROOT, "Fonts"), **(env or {})}
        self.process = subprocess.Popen([binary, "serve", folder, "--port", str(port), *extra], stdout=subprocess.PIPE, text=True, env=env,
                                        stderr=stderr)
        # serve's first line: "… serving FOLDER on http://127.0.0.1:PORT/ …".
        line = self.process.stdout.readline()
        if " on http://" not in line:
            self.stop()
            raise RuntimeError(f"serve did not start (its error is above): {line!r}")
        self.address = line.split(" on ", 1)[1].split(" ")[0]
        self.port = int(self.address.rstrip("/").rsplit(":", 1)[1])
        self.wait_ready(ready_timeout)

    @property
    def pid(self):
        return self.process.pid

    def wait_ready(self, timeout=30):
        """Until GET /readyz answers 200 (it is open without the token, and on every host)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.request("GET", "/readyz", timeout=5)[0] == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"serve on port {self.port} is not ready (exit status {self.process.poll()})")
            time.sleep(0.05)

    def request(self, method, path, body=None, headers=None, timeout=120, source=None):
        """One request to this server (see `request`): (status, body, headers)."""
        return request(self.port, method, path, body, headers, timeout, source)

    def raw(self, data, read_for=5.0):
        """Sends bytes on a fresh socket and returns what comes back within read_for seconds."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=read_for) as s:
            s.sendall(data)
            got = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    got += chunk
            except (socket.timeout, ConnectionResetError):
                pass
            return got

    def stop(self, timeout=10):
        """SIGTERM (the server drains what it has in hand), SIGKILL after `timeout` seconds; the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


def main(arguments):
    if "--" not in arguments or arguments.index("--") < 2:
        sys.exit(__doc__.split("From a shell", 1)[1].strip())
    split = arguments.index("--")
    binary, folder, extra, command = arguments[0], arguments[1], arguments[2:split], arguments[split + 1:]
    with GronaServer(binary, folder, *extra) as server:
        return subprocess.run(command, env=dict(os.environ, GRONA_URL=server.address.rstrip("/"))).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
