"""Benchmark of CopypastaHTML (imported by bench.py; `--only html`). Not named html.py: that
would hide the standard library's module of the name from every bench script.

One 1 MB news page, built here the way such pages are: a head with inline CSS and a JSON
state blob, navigation, a long article, hundreds of comments, a footer. copypasta's parse
plus readable article (copypasta-htmlbench, a driver only `make bench` builds) is timed
against python3-readability (readability-lxml: lxml's parser and the same Arc90 scorer) on
the same page in the same run. Medians of RUNS runs, each in a warm process.
"""
import os
import random
import statistics
import subprocess
import tempfile
import time

RUNS = 15
WORDS = ("the council tram line harbour district university campus station hospital vote plan cost "
         "route shopkeepers construction timetable track government fund authority residents journey "
         "minutes transport extension airport schedule information centre public street").split()


def sentence(rng, words=18):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + ", " + " ".join(rng.choice(WORDS) for _ in range(6)) + "."


def build_page(size=1_000_000):
    """About `size` bytes of HTML, deterministic."""
    rng = random.Random(20)
    head = ["<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>Tram line approved | Herald</title>",
            "<meta property=og:title content='City council approves new tram line'>",
            "<style>" + "".join(f".c{i}{{margin:{i % 7}px;background:url(/i/{i}.png)}}" for i in range(1500)) + "</style>",
            "<script>window.__STATE__=" + "{" + ",".join(f'"k{i}":"{sentence(rng, 4)}"' for i in range(1200)) + "}</script>",
            "</head><body><header class=site-header><nav class=main-nav><ul>",
            "".join(f"<li><a href=/section/{i}>Section {i}</a></li>" for i in range(60)),
            "</ul></nav></header><main><article class=story><h1>City council approves new tram line</h1>",
            "<p class=byline>By Maria Okonkwo</p><div class=story-body>"]
    for index in range(220):
        head.append(f"<p>{sentence(rng)} {sentence(rng)} {sentence(rng)}</p>")
        if index % 20 == 10:
            head.append(f"<div class='ad ad-inline'><a href=https://ads.example/{index}>Advertisement</a></div>")
            head.append(f"<figure><img src=/img/{index}.jpg srcset='/img/{index}-2x.jpg 2x'><figcaption>{sentence(rng, 8)}</figcaption></figure>")
    head.append("</div></article><section id=comments class=comments><h2>Comments</h2>")
    body = "".join(head)
    comments = []
    while len(body) + sum(map(len, comments)) < size - 2000:
        comments.append(f"<div class=comment><p class=comment-author>user{len(comments)}</p><p>{sentence(rng, 12)}</p>"
                        f"<a href=/reply/{len(comments)}>Reply</a></div>")
    return body + "".join(comments) + "</section></main><footer class=site-footer><p>© Herald</p></footer></body></html>"


def python_readability(path, runs):
    """Median milliseconds of readability-lxml's summary over the page, in one process."""
    script = f"""
import time, statistics
from readability import Document
html = open({path!r}, encoding="utf-8").read()
times = []
for _ in range({runs}):
    start = time.perf_counter()
    Document(html).summary(html_partial=True)
    times.append((time.perf_counter() - start) * 1000)
print(statistics.median(times))
"""
    return float(subprocess.run(["/usr/bin/python3", "-c", script], check=True, capture_output=True, text=True).stdout)


def run(htmlbench, log):
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "page.html")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(build_page())
        size = os.path.getsize(path)
        lines = subprocess.run([htmlbench, path, str(RUNS)], check=True, capture_output=True, text=True).stdout.split("\n")
        runs = [[float(value) for value in line.split()] for line in lines if line.strip()]
        parse = statistics.median(run[0] for run in runs)
        readable = statistics.median(run[1] for run in runs)
        archived = statistics.median(run[2] for run in runs)
        both = statistics.median(run[0] + run[1] for run in runs)
        baseline = python_readability(path, RUNS)
    log(f"html: {size / 1e6:.2f} MB page, median of {RUNS}: parse {parse:.1f} ms, readable {readable:.1f} ms, "
        f"parse+readable {both:.1f} ms; archived copy {archived:.1f} ms; "
        f"python3-readability (lxml parse + summary) {baseline:.1f} ms, same page, same run")
