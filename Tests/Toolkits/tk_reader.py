#!/usr/bin/env python3
"""Reads CLIPBOARD as a Tk application (IDLE, gitk, git gui) pastes it.

Usage: tk_reader.py OUTPUT-FILE
Writes the UTF-8 text to OUTPUT-FILE; exits 1 when Tk cannot get it.
"""
import sys
import tkinter

root = tkinter.Tk(className="cptkreader")
root.withdraw()
try:
    text = root.selection_get(selection="CLIPBOARD", type="UTF8_STRING")
except tkinter.TclError as error:
    print(f"tk_reader: {error}", file=sys.stderr)
    sys.exit(1)
with open(sys.argv[1], "wb") as output:
    output.write(text.encode("utf-8", "surrogatepass"))
