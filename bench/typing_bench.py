"""`copypasta type` into real applications, beside `xdotool type` in the same run (imported by bench.py;
`--only type`; issue 24).

The target is Tests/Toolkits/type_target.py: a GTK 3 entry by default, or any of its kinds (`--clients
gtk3,qt5,firefox,chromium,xterm`). A figure runs from the start of the typing command to the moment the
whole text is in the field; the field is emptied (Ctrl+A, BackSpace) between figures, and a figure whose
text did not arrive exactly (dropped, reordered or wrong characters) says so.
"""
import os
import subprocess
import time

TARGET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Toolkits", "type_target.py")
ASCII = "".join(chr(33 + (index * 7) % 94) for index in range(1000))
RARE = "".join(chr(0x4E00 + index) for index in range(100)) + "€😀ж" * 33 + "ñ"


def read(path):
    try:
        with open(path, "rb") as handle:
            return handle.read().decode("utf-8", "replace")
    except FileNotFoundError:
        return ""


def wait_for(path, expected, seconds):
    """Polls `path` until it holds `expected`; returns (seconds waited or None, what it last held)."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        got = read(path)
        if got == expected:
            return time.monotonic() - started, got
        time.sleep(0.001)
    return None, read(path)


class Target:
    """One type_target.py process and the file that mirrors its field."""

    def __init__(self, desktop, kind):
        self.kind = kind
        self.output = os.path.join(desktop.root, "field-" + kind)
        self.desktop = desktop
        arguments = ["/usr/bin/python3", TARGET, kind, self.output, os.path.join(desktop.root, "profile-" + kind)]
        self.process = subprocess.Popen(arguments, env=desktop.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if not self.process.stdout.readline().startswith(b"ready"):
            raise SystemExit(f"the {kind} target did not take the focus")

    def clear(self):
        if self.kind == "xterm":
            open(self.output, "wb").close()
            return
        subprocess.run(["xdotool", "key", "ctrl+a", "BackSpace"], env=self.desktop.env, check=True)
        if wait_for(self.output, "", 20)[0] is None:
            raise SystemExit(f"the {self.kind} field did not empty")

    def close(self):
        self.process.terminate()
        self.process.wait()


def measure(desktop, target, command, text):
    """Runs `command` (typing `text`) and returns (chars/s, exit status, "in order" or what went wrong)."""
    target.clear()
    started = time.monotonic()
    result = subprocess.run(command, env=desktop.env, capture_output=True, check=False)
    waited, got = wait_for(target.output, text, 20)
    elapsed = time.monotonic() - started
    if waited is None:
        same = next((index for index, (a, b) in enumerate(zip(got, text)) if a != b), min(len(got), len(text)))
        return len(text) / elapsed, result.returncode, f"WRONG: {len(got)} of {len(text)} chars, first difference at {same}"
    return len(text) / elapsed, result.returncode, "in order"


def bench_client(desktop_class, binary, kind, log, rounds):
    desktop = desktop_class(binary, "feedback = none\n")
    target = None
    try:
        target = Target(desktop, kind)
        for label, text in [("1,000 ASCII", ASCII), ("200 needing rebinding (100 CJK, €😀ж)", RARE)]:
            entry = desktop.run("add", text).stdout.decode().strip()
            commands = [("copypasta type (default: no delay)", [binary, "type", entry]),
                        ("copypasta type --delay 1", [binary, "type", entry, "--delay", "1"]),
                        ("xdotool type --delay 0", ["xdotool", "type", "--delay", "0", text])]
            rates, exact = {}, {}
            for name, command in commands:
                runs = [measure(desktop, target, command, text) for _ in range(rounds)]
                rate = sorted(run[0] for run in runs)[len(runs) // 2]
                rates[name] = rate
                problems = sorted({f"exit {run[1]}, {run[2]}" for run in runs if run[1] != 0 or run[2] != "in order"})
                exact[name] = not problems
                log(f"  {kind:<8} {label:<38} {name:<35} median {rate:6.0f} chars/s over {rounds} runs"
                    f"{'; ' + '; '.join(problems) if problems else ', all in order'}")
            if exact["xdotool type --delay 0"]:
                xdotool = rates["xdotool type --delay 0"]
                log(f"  {kind:<8} {label:<38} ratio to xdotool: default "
                    f"{rates['copypasta type (default: no delay)'] / xdotool:.2f}, --delay 1 "
                    f"{rates['copypasta type --delay 1'] / xdotool:.2f}")
            else:
                log(f"  {kind:<8} {label:<38} no ratio: xdotool's text was wrong")
    finally:
        if target:
            target.close()
        desktop.close()


def run(desktop_class, binary, log, clients=("gtk3",), rounds=int(os.environ.get("TYPE_ROUNDS", "5"))):
    log("== type into real applications, beside xdotool type (issue 24)")
    for kind in clients:
        bench_client(desktop_class, binary, kind, log, rounds)
