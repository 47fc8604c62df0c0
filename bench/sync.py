"""Benchmarks of sync between two machines (imported by bench.py; `--only sync`).

Two "machines" on this one: each has its own Xvfb, XDG directories, copypasta
daemon and Syncthing (Debian's 1.19.2) confined to loopback: no discovery,
relays or NAT, config.xml edited before the first start, paired through the
REST API with static addresses. Each machine's `sync-folder` is the Syncthing
folder `copypasta` shared between them, once tuned as `copypasta sync setup`
tunes it (watcher delay 1 s, rescan 60 s) and once with Syncthing's defaults
(watcher delay 10 s, rescan 3600 s).

Figures:
  - file latency: a file renamed into A's folder until it is in B's (Syncthing alone);
  - copy latency: a text copied on A with xclip until B's `copypasta list --json`
    shows it (the whole path: capture, flush, seal, Syncthing, import). It needs
    `sync init` / `sync join --code` and the daemon's sync engine; when they are
    missing the section says so and keeps the file figures;
  - the folder after 10,000 copies (BENCH_SYNC_COPIES) on one machine: files and
    bytes this device keeps there, bounded by compaction, and the daemon's idle
    wake-ups with sync on afterwards.
"""
import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

FOLDER_ID = "copypasta"
LOOPBACK_OPTIONS = {
    "globalAnnounceEnabled": "false", "localAnnounceEnabled": "false", "relaysEnabled": "false",
    "natEnabled": "false", "urAccepted": "-1", "crashReportingEnabled": "false", "autoUpgradeIntervalH": "0",
    "startBrowser": "false", "reconnectionIntervalS": "5",
}


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(condition, seconds, step=0.02):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Syncthing:
    """One Syncthing on loopback with its own home, driven through its REST API."""

    def __init__(self, home, name):
        self.home, self.name = home, name
        self.api_key = "copypasta-bench-" + name
        subprocess.run(["syncthing", "generate", f"--home={home}", "--no-default-folder", "--skip-port-probing"],
                       check=True, capture_output=True)
        self.gui_port, self.listen_port = free_port(), free_port()
        self._edit_config()
        self.log = open(os.path.join(home, "syncthing.log"), "wb")
        self.process = subprocess.Popen(
            ["syncthing", "serve", f"--home={home}", "--no-browser", "--no-restart",
             f"--gui-address=http://127.0.0.1:{self.gui_port}", f"--gui-apikey={self.api_key}"],
            env=dict(os.environ, STNOUPGRADE="1", STNODEFAULTFOLDER="1", STHASHING="minio"), stdout=self.log, stderr=subprocess.STDOUT)
        if not wait_until(self._answers, 30, 0.05):
            self.close()
            raise SystemExit(f"syncthing {name} did not answer; see {home}/syncthing.log")
        self.device_id = self.rest("GET", "/rest/system/status")["myID"]

    def _edit_config(self):
        path = os.path.join(self.home, "config.xml")
        with open(path) as handle:
            xml = handle.read()
        xml = re.sub(r"<listenAddress>[^<]*</listenAddress>",
                     f"<listenAddress>tcp://127.0.0.1:{self.listen_port}</listenAddress>", xml, count=1)
        for name, value in LOOPBACK_OPTIONS.items():
            xml = re.sub(f"<{name}>[^<]*</{name}>", f"<{name}>{value}</{name}>", xml, count=1)
        with open(path, "w") as handle:
            handle.write(xml)

    def _answers(self):
        if self.process.poll() is not None:
            raise SystemExit(f"syncthing {self.name} exited; see {self.home}/syncthing.log")
        try:
            return self.rest("GET", "/rest/system/ping").get("ping") == "pong"
        except (OSError, urllib.error.URLError):
            return False

    def rest(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.gui_port}{path}", data=data, method=method,
                                         headers={"X-API-Key": self.api_key, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
        return json.loads(text) if text.strip() else None

    def add_device(self, other, dials):
        """Only one side dials: on loopback two Syncthings dialing each other from their listening
        ports at once make one TCP connection (simultaneous open) whose Hello hangs for 20 s."""
        address = f"tcp://127.0.0.1:{other.listen_port}" if dials else "dynamic"
        self.rest("POST", "/rest/config/devices", {"deviceID": other.device_id, "name": other.name,
                                                   "addresses": [address]})

    def share(self, path, peers, tuned):
        folder = {"id": FOLDER_ID, "label": FOLDER_ID, "path": path, "fsWatcherEnabled": True,
                  "devices": [{"deviceID": d} for d in [self.device_id] + [p.device_id for p in peers]]}
        if tuned:
            folder.update(fsWatcherDelayS=1, rescanIntervalS=60)
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, ".stignore"), "w") as handle:
            handle.write(".cp-tmp-*\n")
        self.rest("POST", "/rest/config/folders", folder)

    def connected(self, other):
        connection = self.rest("GET", "/rest/system/connections")["connections"].get(other.device_id, {})
        return connection.get("connected", False)

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def pair(machine_a, machine_b, tuned):
    """Starts a Syncthing per machine, pairs them and shares each machine's sync folder; returns both."""
    alpha = Syncthing(os.path.join(machine_a.root, "syncthing"), "alpha")
    beta = Syncthing(os.path.join(machine_b.root, "syncthing"), "beta")
    started = time.monotonic()
    beta.add_device(alpha, dials=False)
    alpha.add_device(beta, dials=True)
    alpha.share(machine_a.sync_folder, [beta], tuned)
    beta.share(machine_b.sync_folder, [alpha], tuned)
    if not wait_until(lambda: alpha.connected(beta) and beta.connected(alpha), 60, 0.1):
        raise SystemExit(f"the two Syncthings did not connect; see {alpha.home} and {beta.home}")
    return alpha, beta, time.monotonic() - started


def file_latencies(machine_a, machine_b, count, seconds=60):
    """Seconds from a file renamed into A's folder until the same bytes are in B's."""
    latencies = []
    for index in range(count):
        name = f"bench-{index}-{time.monotonic_ns()}.txt"
        data = f"file {index}".encode()
        temporary = os.path.join(machine_a.sync_folder, ".cp-tmp-" + name)
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        started = time.monotonic()
        os.rename(temporary, os.path.join(machine_a.sync_folder, name))
        target = os.path.join(machine_b.sync_folder, name)

        def arrived():
            try:
                with open(target, "rb") as handle:
                    return handle.read() == data
            except OSError:
                return False

        if not wait_until(arrived, seconds):
            raise SystemExit(f"{name} did not reach the other folder within {seconds} s")
        latencies.append(time.monotonic() - started)
    return latencies


def join(machine_a, machine_b):
    """`sync init` on A, `sync join --code` on B; an error text when the commands are not there yet."""
    init = machine_a.run("sync", "init", "--name", "alpha")
    if init.returncode != 0:
        return f"'copypasta sync init' failed ({init.returncode}): {init.stderr.decode().strip()}"
    match = re.search(r"^code: (\S.*)$", init.stdout.decode(), re.MULTILINE)
    if not match:
        return "'copypasta sync init' printed no 'code:' line"
    # B joins the history in its own copy of the folder: wait until Syncthing brought the marker.
    marker = os.path.join(machine_b.sync_folder, "copypasta-sync.json")
    if not wait_until(lambda: os.path.exists(marker), 60, 0.05):
        return "the folder's marker did not reach B within 60 s"
    joined = machine_b.run("sync", "join", "--code", "-", "--name", "beta", data=match.group(1).encode() + b"\n")
    if joined.returncode != 0:
        return f"'copypasta sync join' failed ({joined.returncode}): {joined.stderr.decode().strip()}"
    return None


def copy_latencies(machine_a, machine_b, count, seconds=30):
    """Seconds from `xclip -i` on A until B's `copypasta list --json` has the text."""
    latencies = []
    for index in range(count):
        text = f"sync bench {index} {time.monotonic_ns()}"
        started = time.monotonic()
        subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=text.encode(), env=machine_a.env, check=True,
                       stderr=subprocess.DEVNULL)

        def arrived():
            listing = machine_b.run("list", "--json", "--limit", "50").stdout.decode()
            return any(json.loads(line).get("text") == text for line in listing.splitlines() if line.strip())

        if not wait_until(arrived, seconds, 0.05):
            raise SystemExit(f"copy {index} did not reach B within {seconds} s")
        latencies.append(time.monotonic() - started)
    return latencies


def summary(latencies):
    return (f"p50 {percentile(latencies, 0.5) * 1000:6.0f} ms  p95 {percentile(latencies, 0.95) * 1000:6.0f} ms  "
            f"max {max(latencies) * 1000:6.0f} ms  ({len(latencies)} samples)")


def machine(desktop_class, binary):
    desktop = desktop_class(binary)
    desktop.sync_folder = os.path.join(desktop.root, "sync", FOLDER_ID)
    with open(desktop.root + "/config/copypasta/copypasta.conf", "w") as handle:
        handle.write(f"feedback = none\nsync-folder = {desktop.sync_folder}\n")
    return desktop


def run(desktop_class, binary, log, files=10, copies=20):
    """Both configurations; Syncthing's defaults take about 10 s a sample, so they get half the file samples."""
    if shutil.which("syncthing") is None:
        log("== sync: skipped (syncthing is not installed: apt install syncthing)")
        return
    log("== sync between two machines (Syncthing on loopback, two Xvfb, two daemons)")
    for tuned in (True, False):
        label = "tuned (watcher 1 s)" if tuned else "Syncthing defaults (watcher 10 s)"
        machine_a, machine_b = machine(desktop_class, binary), machine(desktop_class, binary)
        peers = []
        try:
            alpha, beta, connect = pair(machine_a, machine_b, tuned)
            peers = [alpha, beta]
            log(f"  {label}: paired and connected in {connect * 1000:.0f} ms")
            log(f"    file into A's folder -> in B's folder   {summary(file_latencies(machine_a, machine_b, files if tuned else max(1, files // 2)))}")
            problem = join(machine_a, machine_b)
            if problem:
                log(f"    copy on A -> in B's list: not measured: {problem}")
                continue
            machine_a.start_daemon()
            machine_b.start_daemon()
            log(f"    copy on A -> in B's list --json         {summary(copy_latencies(machine_a, machine_b, copies))}")
        finally:
            for peer in peers:
                peer.close()
            machine_a.close()
            machine_b.close()


def folder_size(path):
    """Files and bytes under `path`."""
    count = size = 0
    for directory, _, names in os.walk(path):
        for name in names:
            count += 1
            size += os.path.getsize(os.path.join(directory, name))
    return count, size


def folder_growth(desktop_class, binary, log, proc_field):
    """`copypasta add` N times with the daemon writing the sync folder; then 10 s idle."""
    copies = int(os.environ.get("BENCH_SYNC_COPIES", "10000"))
    desktop = machine(desktop_class, binary)
    try:
        os.makedirs(os.path.dirname(desktop.sync_folder), exist_ok=True)
        if desktop.run("sync", "init", "--name", "alpha").returncode != 0:
            log("    folder growth: not measured: 'copypasta sync init' failed")
            return
        daemon = desktop.start_daemon()
        most = (0, 0)
        started = time.monotonic()
        for index in range(copies):
            desktop.run("add", f"sync growth {index} " + "x" * (index % 200))
            if index % 500 == 499:
                most = max(most, folder_size(desktop.sync_folder))
        seconds = time.monotonic() - started
        time.sleep(2)
        count, size = folder_size(desktop.sync_folder)
        written = max((int(name[2:12]) for _, _, names in os.walk(desktop.sync_folder) for name in names
                       if re.fullmatch(r"[sp]-\d{10}\.cps", name)), default=0)
        log(f"    folder after {copies} adds ({seconds:.0f} s): {count} files, {size / 1024:.0f} KiB "
            f"(at most {most[0]} files, {most[1] / 1024:.0f} KiB while adding; {written} files written in all; "
            f"max-entries 1000 by default)")
        switches = int(proc_field(daemon.pid, "voluntary_ctxt_switches"))
        involuntary = int(proc_field(daemon.pid, "nonvoluntary_ctxt_switches"))
        idle = float(os.environ.get("BENCH_IDLE_SECONDS", "10"))
        time.sleep(idle)
        log(f"    idle {idle:.0f} s with sync on: "
            f"{int(proc_field(daemon.pid, 'voluntary_ctxt_switches')) - switches} voluntary and "
            f"{int(proc_field(daemon.pid, 'nonvoluntary_ctxt_switches')) - involuntary} involuntary context switches")
    finally:
        desktop.close()
