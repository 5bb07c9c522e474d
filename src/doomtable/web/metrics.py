"""``/metrics``: the server's figures in Prometheus' text format (prometheus-client)."""

from __future__ import annotations

from collections.abc import Iterator

from prometheus_client import CollectorRegistry, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from doomtable.web.tables import TableManager


class TableCollector(Collector):
    """Reads the live figures from the table manager at each scrape."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        manager = self.manager
        tables = list(manager.tables.values())
        yield GaugeMetricFamily(
            "doomtable_tables_live",
            "Tables being played (restored or made, not over).",
            value=sum(1 for t in tables if not t.state.is_over),
        )
        yield GaugeMetricFamily(
            "doomtable_tables_set_aside",
            "Stored tables that could not be restored.",
            value=len(manager.broken),
        )
        yield GaugeMetricFamily(
            "doomtable_sockets",
            "Open websockets (seats and spectators).",
            value=sum(len(t.connections) for t in tables),
        )
        yield CounterMetricFamily(
            "doomtable_decisions",
            "Decisions accepted and stored since the start (rate() gives actions a second).",
            value=manager.decisions_stored,
        )
        yield CounterMetricFamily(
            "doomtable_store_commits",
            "Transactions the writer thread committed (several decisions each under load).",
            value=manager.store.batches,
        )
        yield GaugeMetricFamily(
            "doomtable_bot_queue_depth",
            "Bot moves waiting for a worker.",
            value=manager.bots.waiting,
        )


class Metrics:
    """One registry per application, so several apps (tests) do not share figures."""

    def __init__(self, manager: TableManager) -> None:
        self.registry = CollectorRegistry()
        self.registry.register(TableCollector(manager))
        self.action_seconds = Histogram(
            "doomtable_action_seconds",
            "Time to handle one client message (an action: checked, stored, told to its table).",
            registry=self.registry,
        )
