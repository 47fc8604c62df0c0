#!/usr/bin/env python3
"""Prints the main text readability-lxml (Debian's python3-readability) finds in an HTML file.

The oracle of CopypastaHTMLTests' ReadableTests: copypasta's own scorer must find the same
words. Usage: readability_oracle.py FILE. The text is the summary's text content, one
paragraph per line.
"""
import sys

import lxml.html
from readability import Document

with open(sys.argv[1], "rb") as handle:
    html = handle.read().decode("utf-8")
summary = Document(html).summary(html_partial=True)
print(lxml.html.fromstring(summary).text_content())
