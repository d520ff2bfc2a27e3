#!/usr/bin/env python3
"""Validates Bridle's grammar samples against their JSON Schemas with Python's jsonschema
(Draft 2020-12, format checking on): an independent check that every sample is valid.

Usage: conformance.py SAMPLES.jsonl   (lines of {"file": schema-file, "seed": n, "text": sample})
Exit status 1 when any sample is invalid.
"""
import json
import sys

import jsonschema
from jsonschema import Draft202012Validator


def main(path):
    validators = {}
    checked = invalid = 0
    failures = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            sample = json.loads(line)
            validator = validators.get(sample["file"])
            if validator is None:
                with open(sample["file"], encoding="utf-8") as schema_file:
                    schema = json.load(schema_file)["schema"]
                validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
                validators[sample["file"]] = validator
            checked += 1
            try:
                instance = json.loads(sample["text"])
                error = jsonschema.exceptions.best_match(validator.iter_errors(instance))
            except ValueError as problem:
                error = problem
            if error is not None:
                invalid += 1
                failures.append(f'{sample["file"]} seed {sample["seed"]}: {error.message if hasattr(error, "message") else error}')
    print(f"jsonschema (Draft 2020-12, formats checked): {invalid} invalid of {checked} samples from {len(validators)} schemas")
    for failure in failures[:20]:
        print("  " + failure[:300])
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
