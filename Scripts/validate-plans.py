#!/usr/bin/env python3
"""Validates plan files against FlowGraph's plan schema with the jsonschema package (PyPI).

usage: validate-plans.py SCHEMA.json PLAN.json...
Prints one line per plan, "valid PLAN" or "invalid PLAN: reason", and exits 0 (3 when jsonschema is missing).
A file that is not JSON is invalid.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("jsonschema is not installed: python3 -m pip install jsonschema (make test-deps)", file=sys.stderr)
    sys.exit(3)

with open(sys.argv[1], encoding="utf-8") as file:
    schema = json.load(file)
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
for path in sys.argv[2:]:
    try:
        with open(path, encoding="utf-8") as file:
            plan = json.load(file)
    except ValueError as error:
        print(f"invalid {path}: not JSON: {error}")
        continue
    errors = sorted(validator.iter_errors(plan), key=lambda e: list(e.absolute_path))
    if errors:
        where = "/".join(str(part) for part in errors[0].absolute_path) or "(the plan)"
        print(f"invalid {path}: {where}: {errors[0].message[:300]}")
    else:
        print(f"valid {path}")
