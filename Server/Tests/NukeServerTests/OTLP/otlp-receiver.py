#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
"""An OTLP/HTTP receiver for the tests: decodes what an exporter POSTs to /v1/traces and
/v1/metrics with opentelemetry-proto (PyPI) and prints one JSON object a line for each span and
each metric, before answering, so that once the exporter has its answer the line is written.
Listens on a free loopback port and says which on its first line ("listening on <port>")."""

import gzip
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.proto.collector.metrics.v1 import metrics_service_pb2
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2

SIGNALS = {
    "/v1/traces": (trace_service_pb2.ExportTraceServiceRequest, trace_service_pb2.ExportTraceServiceResponse),
    "/v1/metrics": (metrics_service_pb2.ExportMetricsServiceRequest, metrics_service_pb2.ExportMetricsServiceResponse),
}


def value(any_value):
    kind = any_value.WhichOneof("value")
    return getattr(any_value, kind) if kind in ("string_value", "bool_value", "int_value", "double_value") else None


def attributes(pairs):
    return {pair.key: value(pair.value) for pair in pairs}


def spans(request):
    for resource_spans in request.resource_spans:
        service = attributes(resource_spans.resource.attributes).get("service.name")
        for scope in resource_spans.scope_spans:
            for span in scope.spans:
                yield {
                    "signal": "span",
                    "service": service,
                    "name": span.name,
                    "trace_id": span.trace_id.hex(),
                    "span_id": span.span_id.hex(),
                    "parent_span_id": span.parent_span_id.hex(),
                    "kind": span.kind,
                    "status": span.status.code,
                    "start": span.start_time_unix_nano,
                    "end": span.end_time_unix_nano,
                    "attributes": attributes(span.attributes),
                }


def metrics(request):
    for resource_metrics in request.resource_metrics:
        service = attributes(resource_metrics.resource.attributes).get("service.name")
        for scope in resource_metrics.scope_metrics:
            for metric in scope.metrics:
                yield {"signal": "metric", "service": service, "name": metric.name}


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        signal = SIGNALS.get(self.path)
        if signal is None:
            return self.answer(404, b"")
        if self.headers.get("Content-Type") != "application/x-protobuf":
            return self.answer(415, b"")
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        request = signal[0]()
        try:
            request.ParseFromString(body)
        except Exception:
            return self.answer(400, b"")
        for line in (spans if self.path == "/v1/traces" else metrics)(request):
            print(json.dumps(line), flush=True)
        self.answer(200, signal[1]().SerializeToString())

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
print(f"listening on {server.server_address[1]}", flush=True)
server.serve_forever()
