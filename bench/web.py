"""Scoreboard fan-out benchmark: publish -> SSE arrival latency, and memory with a stalled phone.

    .venv/bin/python bench/web.py [--messages 40] [--clients 1 8 16] [--stalled-messages 20000]

Serves a hub on 127.0.0.1 (ephemeral port) with the real threaded server. For each N, N SSE
clients read the stream over real HTTP on their own threads; each ``hub.publish_state`` carries
its publish time (perf_counter), and each client notes when the message arrived and parsed.
Then one client connects and stops reading while many states are published: the process's RSS
and the hub's queue for that client must stay bounded. Bounded to well under 30 s.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.match import Match  # noqa: E402
from web import ScoreboardHub, serve  # noqa: E402

HOST = "127.0.0.1"


class Reader(threading.Thread):
    """One phone: reads the SSE stream and records (seq, latency) of each state message."""

    def __init__(self, port: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection(HOST, port, timeout=10)
        self.conn.connect()
        self.sock = self.conn.sock  # http.client drops it once the response says "close"
        self.conn.request("GET", "/api/events")
        self.response = self.conn.getresponse()
        self.latencies: dict[int, float] = {}
        self.ready = threading.Event()
        self.stop = stop

    def run(self) -> None:
        event = ""
        try:
            while not self.stop.is_set():
                line = self.response.readline()
                if not line:
                    return
                if line.startswith(b"event: "):
                    event = line[7:].strip().decode()
                elif line.startswith(b"data: "):
                    if event == "init":
                        self.ready.set()
                    elif event == "state":
                        data = json.loads(line[6:])
                        t0 = data["state"].get("t0")
                        if t0 is not None:
                            self.latencies[data["state"]["n"]] = time.perf_counter() - t0
        except OSError:
            return

    def close(self) -> None:
        # Shut the socket down first: it wakes this reader's blocked readline (closing the
        # buffered file first would wait for that read to end).
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass  # already closed by the server
        self.join(2)
        self.conn.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def latency(hub: ScoreboardHub, port: int, clients: int, messages: int) -> dict[str, float]:
    stop = threading.Event()
    readers = [Reader(port, stop) for _ in range(clients)]
    for r in readers:
        r.start()
    for r in readers:
        if not r.ready.wait(10):
            raise RuntimeError("a client did not receive its init message in 10 s")
    snapshot = Match(7, white="Ann", black="Bob").snapshot()
    for n in range(messages):
        hub.publish_state({**snapshot, "n": n, "t0": time.perf_counter()})
        time.sleep(0.02)  # a referee publishes a few times a second at most
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(len(r.latencies) < messages for r in readers):
        time.sleep(0.01)
    stop.set()
    for r in readers:
        r.close()
    values = [v * 1000 for r in readers for v in r.latencies.values()]
    lost = clients * messages - len(values)
    return {
        "median_ms": statistics.median(values),
        "p95_ms": percentile(values, 0.95),
        "max_ms": max(values),
        "lost": lost,
    }


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def stalled(hub: ScoreboardHub, port: int, messages: int) -> dict[str, float]:
    """A phone that connects, reads its init message and then never reads again."""
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    conn.request("GET", "/api/events")
    response = conn.getresponse()
    while not response.readline().startswith(b"data: "):
        pass
    snapshot = {**Match(7, white="Ann", black="Bob").snapshot(), "padding": "x" * 1000}
    for n in range(2000):  # warm-up: fill the socket buffers and the queue first
        hub.publish_state({**snapshot, "n": n})
    time.sleep(0.2)
    before = rss_kib()
    started = time.perf_counter()
    for n in range(messages):
        hub.publish_state({**snapshot, "n": n})
    elapsed = time.perf_counter() - started
    time.sleep(0.2)
    after = rss_kib()
    conn.close()
    return {
        "messages": messages,
        "publish_us": elapsed / messages * 1e6,
        "rss_before_kib": before,
        "rss_growth_kib": after - before,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=40, help="states published per N")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 16])
    parser.add_argument("--stalled-messages", type=int, default=20000)
    args = parser.parse_args()
    started = time.monotonic()
    hub = ScoreboardHub(queue_size=64)
    server = serve(hub, HOST, 0)
    try:
        print(
            f"publish_state -> SSE message parsed by each client "
            f"({args.messages} states, 20 ms apart)"
        )
        for n in args.clients:
            r = latency(hub, server.port, n, args.messages)
            print(
                f"  N={n:2d}: median {r['median_ms']:.2f} ms  p95 {r['p95_ms']:.2f} ms  "
                f"max {r['max_ms']:.2f} ms  lost {r['lost']:.0f}"
            )
        s = stalled(hub, server.port, args.stalled_messages)
        print(
            f"stalled client: {s['messages']:.0f} more 1 KB states published at "
            f"{s['publish_us']:.0f} us each; RSS {s['rss_before_kib'] / 1024:.1f} MiB, "
            f"growth {s['rss_growth_kib']:+.0f} KiB"
        )
    finally:
        server.stop()
    print(f"total {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
