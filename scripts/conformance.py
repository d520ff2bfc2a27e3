#!/usr/bin/env python3
"""Validates Bridle's grammar samples against their JSON Schemas with Python's jsonschema:
an independent check that every sample is valid. Each schema is judged by its own draft
(its `$schema`; 2020-12 when it has none), with format checking on.

Usage: conformance.py SAMPLES.jsonl
  (lines of {"file": schema-file or label, "schema": inline schema (optional), "seed": n, "text": sample})
Exit status 1 when any sample is invalid, or when a format checker is missing: without its
library jsonschema skips a format silently, and the check would pass for the wrong reason.
"""
import json
import re
import sys

import jsonschema
from jsonschema.validators import validator_for

# The formats Bridle's grammars write and the libraries jsonschema needs to check them.
REQUIRED_FORMATS = {
    "date-time": "rfc3339-validator",
    "time": "rfc3339-validator",
    "uri": "rfc3986-validator",
    "uri-reference": "rfc3986-validator",
    "hostname": "fqdn",
    "duration": "isoduration",
    "email": "(built in)",
    "ipv4": "(built in)",
    "ipv6": "(built in)",
    "date": "(built in)",
    "uuid": "(built in)",
}


def check_format_checkers():
    # Older drafts' checkers use the same functions for the formats they define.
    known = jsonschema.Draft202012Validator.FORMAT_CHECKER.checkers
    missing = [f"{name} ({library})" for name, library in REQUIRED_FORMATS.items() if name not in known]
    if missing:
        print("error: jsonschema cannot check these formats: " + ", ".join(missing))
        print("install: python3 -m pip install --user rfc3339-validator rfc3986-validator fqdn isoduration uri-template")
        sys.exit(2)


def main(path):
    check_format_checkers()
    validators = {}
    checked = invalid = unjudged = 0
    failures = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            sample = json.loads(line)
            key = sample["file"]
            validator = validators.get(key)
            if validator is None:
                schema = sample.get("schema")
                if schema is None:
                    with open(sample["file"], encoding="utf-8") as schema_file:
                        schema = json.load(schema_file)["schema"]
                cls = validator_for(schema, default=jsonschema.Draft202012Validator)
                validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
                validators[key] = validator
            try:
                instance = json.loads(sample["text"])
                error = jsonschema.exceptions.best_match(validator.iter_errors(instance))
            except re.error:
                # Python's `re` lacks ECMA-262 features some patterns use (`\p{…}`): it can't judge.
                unjudged += 1
                continue
            except ValueError as problem:
                error = problem
            checked += 1
            if error is not None:
                invalid += 1
                failures.append(f'{key} seed {sample["seed"]}: {error.message if hasattr(error, "message") else error}')
    print(f"jsonschema (each schema's own draft, formats checked): {invalid} invalid of {checked} samples from {len(validators)} schemas"
          + (f"; {unjudged} samples left unjudged (patterns Python's re can't read)" if unjudged else ""))
    for failure in failures[:20]:
        print("  " + failure[:300])
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
