"""Tables of the matrix runner that fit a terminal: no printed line is wider than WIDTH.

A table has a label column (runtimes, or family/op rows) and value columns. When the columns
do not fit side by side, they are cut into groups printed one under the other, each with the
label column again, so every value stays on the screen: nothing is elided. A value too wide
for any table (a column of its own would still be too wide) is printed as `label  value`
lines, wrapped. tests/matrix/test_layout.py holds the renderer to this on wide fake results.
"""

import textwrap

WIDTH = 120
GAP = "  "


def table(header, rows, width=WIDTH):
    """Lines of a table. header: [label title, column titles...]; rows: [[label, cells...]].

    Columns are kept in order and cut into groups that fit `width`; a blank line separates
    groups. Every line returned is at most `width` characters (ValueError otherwise, which
    only a label column wider than `width` itself can cause).
    """
    rows = [[str(c) for c in r] for r in rows]
    header = [str(c) for c in header]
    label_w = max(len(r[0]) for r in [header] + rows)
    if label_w + len(GAP) + 8 > width:
        raise ValueError(f"labels of {label_w} characters leave no room in {width} columns")
    col_w = [max(len(r[i]) for r in [header] + rows) for i in range(1, len(header))]
    groups, current, used = [], [], label_w
    for i, w in enumerate(col_w):
        if current and used + len(GAP) + w > width:
            groups.append(current)
            current, used = [], label_w
        current.append(i)
        used += len(GAP) + w
    if current:
        groups.append(current)
    out = []
    for g in groups:
        if out:
            out.append("")
        if label_w + len(GAP) + col_w[g[0]] > width:  # one column, too wide even alone
            out += _wrapped(header, rows, g[0], label_w, width)
            continue
        for r in [header] + rows:
            cells = [r[0].ljust(label_w)] + [r[i + 1].ljust(col_w[i]) for i in g]
            out.append(GAP.join(cells).rstrip())
    check(out, width)
    return out


def _wrapped(header, rows, i, label_w, width):
    """Column i as `label  value` lines, the value wrapped under itself."""
    out = [header[i + 1]]
    room = width - label_w - len(GAP)
    for r in rows:
        parts = textwrap.wrap(r[i + 1], room, break_long_words=True, break_on_hyphens=False) or [""]
        out.append(GAP.join([r[0].ljust(label_w), parts[0]]).rstrip())
        out += [" " * (label_w + len(GAP)) + p for p in parts[1:]]
    return out


def wrap(text, width=WIDTH, indent="    "):
    """Lines of a message (e.g. a failure) wrapped to `width`, continuation lines indented."""
    out = []
    for line in str(text).splitlines() or [""]:
        out += textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=True,
                             break_on_hyphens=False, drop_whitespace=True) or [""]
    check(out, width)
    return out


def check(lines, width=WIDTH):
    """ValueError naming the first line wider than `width`."""
    for n, line in enumerate(lines):
        if len(line) > width:
            raise ValueError(f"line {n + 1} is {len(line)} characters wide (limit {width}): {line[:60]}...")
