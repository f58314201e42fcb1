#!/usr/bin/env python3
"""A deterministic test embedder for `trellis index --embed-command` and
`trellis embeddings update`: reads JSON lines {"node_id", "text"} on stdin
and writes, per line, a JSON array of 64 numbers: each word of the text
(identifiers split at underscores and case changes, lowercased) adds 1 at
the place its MD5 names. No model: texts sharing words get near vectors.

With --query TEXT, prints the vector of TEXT alone (for `search --vector -`).
With --log FILE, appends each node_id it was given to FILE (tests count them).
"""
import hashlib
import json
import re
import sys

DIMENSION = 64


def words(text):
    for run in re.findall(r"[A-Za-z][A-Za-z0-9]*", text):
        for part in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", run):
            yield part.lower()


def embed(text):
    vector = [0.0] * DIMENSION
    for word in words(text):
        vector[int(hashlib.md5(word.encode()).hexdigest(), 16) % DIMENSION] += 1.0
    return vector


def main(argv):
    if len(argv) >= 2 and argv[0] == "--query":
        print(json.dumps(embed(argv[1])))
        return 0
    log = open(argv[1], "a") if len(argv) >= 2 and argv[0] == "--log" else None
    for line in sys.stdin:
        if not line.strip():
            continue
        item = json.loads(line)
        if log:
            log.write(item["node_id"] + "\n")
        print(json.dumps(embed(item["text"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
