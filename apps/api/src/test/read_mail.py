"""Reads one raw mail from stdin with Python's standard `email` package and prints what it sees as JSON.

Used by the tests (python-email.ts) as an independent consumer of the mails the site sends.
Only the standard library is needed. With --content, each attachment also carries its decoded
payload, base64.
"""

import base64
import email
import email.policy
import email.utils
import hashlib
import json
import sys

HEADERS = {
    "subject": "Subject",
    "from": "From",
    "to": "To",
    "replyTo": "Reply-To",
    "date": "Date",
    "messageId": "Message-ID",
    "mimeVersion": "MIME-Version",
    "contentType": "Content-Type",
}


def defect_names(defects):
    return [f"{type(d).__name__}: {d}" for d in defects]


def part_defects(part, where):
    """The defects of a part: its own and those of each of its headers."""
    found = [{"part": where, "defect": d} for d in defect_names(part.defects)]
    for name, value in part.items():
        for d in defect_names(getattr(value, "defects", ())):
            found.append({"part": f"{where} header {name}", "defect": d})
    return found


WITH_CONTENT = "--content" in sys.argv[1:]


def walk(part, where, defects, attachments):
    defects.extend(part_defects(part, where))
    node = {"contentType": part.get_content_type()}
    charset = part.get_content_charset()
    if charset:
        node["charset"] = charset
    cte = part.get("Content-Transfer-Encoding")
    if cte:
        node["transferEncoding"] = str(cte).lower()
    if part.is_multipart():
        node["parts"] = [
            walk(child, f"{where}.{i + 1}", defects, attachments) for i, child in enumerate(part.iter_parts())
        ]
        return node
    filename = part.get_filename()
    disposition = part.get_content_disposition()
    if disposition:
        node["disposition"] = disposition
    if filename is not None:
        node["filename"] = filename
    if disposition == "attachment" or filename is not None:
        payload = part.get_payload(decode=True) or b""
        attachment = {
                "filename": filename,
                "contentType": part.get_content_type(),
                "disposition": disposition,
                "size": len(payload),
                "sha256": hashlib.sha256(payload).hexdigest(),
                "head": payload[:8].decode("latin-1"),
            }
        if WITH_CONTENT:
            attachment["content"] = base64.b64encode(payload).decode("ascii")
        attachments.append(attachment)
    return node


def addresses(msg, name):
    values = msg.get_all(name) or []
    return [{"name": n, "address": a} for n, a in email.utils.getaddresses([str(v) for v in values])]


def body(msg, subtype):
    part = msg.get_body(preferencelist=(subtype,))
    if part is None or part.get_content_type() != f"text/{subtype}":
        return None
    return part.get_content()


def main():
    raw = sys.stdin.buffer.read()
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    headers = {key: (str(msg[name]) if msg[name] is not None else None) for key, name in HEADERS.items()}
    date_iso, date_error = None, None
    if headers["date"] is not None:
        try:
            date_iso = email.utils.parsedate_to_datetime(headers["date"]).isoformat()
        except (TypeError, ValueError) as e:
            date_error = str(e)
    defects, attachments = [], []
    structure = walk(msg, "message", defects, attachments)
    json.dump(
        {
            "headers": headers,
            "headerCounts": {key: len(msg.get_all(name) or []) for key, name in HEADERS.items()},
            "date": date_iso,
            "dateError": date_error,
            "from": addresses(msg, "From"),
            "to": addresses(msg, "To"),
            "replyTo": addresses(msg, "Reply-To"),
            "defects": defects,
            "structure": structure,
            "text": body(msg, "plain"),
            "html": body(msg, "html"),
            "attachments": attachments,
        },
        sys.stdout,
        ensure_ascii=False,
    )


main()
