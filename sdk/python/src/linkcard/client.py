"""The clients: `Linkcard` calls the API with urllib; `AsyncLinkcard` runs those calls on a thread each."""

from __future__ import annotations

import asyncio
import datetime
import email.utils
import http.client
import json
import random
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from email.message import Message
from typing import Any, Literal, cast, overload

from .errors import LinkcardError, error_class
from .types import (
    BulkResult,
    Caller,
    CreatedLink,
    CustomDomain,
    ExportedLink,
    Health,
    Link,
    LinkByTarget,
    LinkChanges,
    LinkStats,
    NewLink,
    UploadedImage,
)

__version__ = "0.1.0"
USER_AGENT = f"linkcard-python/{__version__} (Python {sys.version_info.major}.{sys.version_info.minor})"

#: Each operationId of the OpenAPI document and the method that calls it, on both clients.
OPERATIONS: dict[str, str] = {
    "getHealth": "get_health",
    "getQrCode": "get_qr_code",
    "createLink": "create_link",
    "listLinks": "list_links",
    "getLinkByTarget": "get_link_by_target",
    "createLinks": "create_links",
    "exportLinks": "export_links",
    "getLink": "get_link",
    "updateLink": "update_link",
    "deleteLink": "delete_link",
    "getLinkStats": "get_link_stats",
    "uploadImage": "upload_image",
    "getCaller": "get_caller",
    "getCustomDomain": "get_custom_domain",
}

# Answers worth asking again: the server was busy or briefly down, not refusing the request itself.
_RETRIED_STATUSES = {429, 500, 502, 503, 504}
# A PATCH sets fields to the values sent, so making it twice changes nothing more.
_IDEMPOTENT_METHODS = {"GET", "HEAD", "PUT", "DELETE", "PATCH"}
_LINK_RELATION = re.compile(r'<([^>]*)>\s*;\s*rel="?([^";,]+)"?')

#: A calendar day: a date, or its text as YYYY-MM-DD.
Day = str | datetime.date


@dataclass(frozen=True)
class _Answer:
    status: int
    headers: Message
    body: bytes
    url: str

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


@dataclass
class LinkPage:
    """One page of `list_links`: its links, how many match in all, and the pages named by the Link header."""

    links: list[Link]
    total: int | None
    #: Relation (first, prev, next, last) → the address of that page.
    pages: dict[str, str] = field(default_factory=dict[str, str])

    @property
    def next_url(self) -> str | None:
        return self.pages.get("next")

    def __iter__(self) -> Iterator[Link]:
        return iter(self.links)

    def __len__(self) -> int:
        return len(self.links)


class Linkcard:
    """A client of one Linkcard's public API, calling with an API key (lnk_…).

    Refused calls raise `LinkcardError` (or one of its subclasses). A 429, a 5xx or a dropped
    connection is tried again up to `max_retries` times, waiting as Retry-After says or backing off
    exponentially; creates carry an Idempotency-Key, kept across their retries, so a retried create
    never makes a second link.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 30.0,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        #: A Retry-After longer than this is not waited out: the error is raised instead.
        self.max_retry_wait = max_retry_wait

    # -- Links

    def create_link(self, link: NewLink, *, idempotency_key: str | None = None) -> CreatedLink:
        """Creates a link; answers the account's identical link (`existing: True`) if it has one."""
        key = idempotency_key or str(uuid.uuid4())
        return cast(CreatedLink, self._call("POST", "/api/link", json_body=link, idempotency_key=key).json())

    def create_links(
        self, links: Sequence[NewLink], *, all_or_nothing: bool | None = None, idempotency_key: str | None = None
    ) -> BulkResult:
        """Creates up to 1000 links, each on its own (or all or none with `all_or_nothing`)."""
        body: dict[str, Any] = {"links": list(links)}
        if all_or_nothing is not None:
            body["allOrNothing"] = all_or_nothing
        key = idempotency_key or str(uuid.uuid4())
        return cast(BulkResult, self._call("POST", "/api/links/bulk", json_body=body, idempotency_key=key).json())

    def list_links(
        self,
        *,
        page: int | None = None,
        limit: int | None = None,
        search: str | None = None,
        status: Literal["all", "active", "inactive"] | None = None,
        tag: str | None = None,
        health: Literal["broken", "ok"] | None = None,
    ) -> LinkPage:
        """One page of the account's links, newest first; `iter_links` walks them all."""
        query = {"page": page, "limit": limit, "search": search, "status": status, "tag": tag, "health": health}
        return self._page(self._call("GET", "/api/links", query=query))

    def iter_pages(self, *, limit: int = 100, **filters: Any) -> Iterator[LinkPage]:
        """Every page of links, `limit` at a time, following each page's `next` link."""
        page = self.list_links(limit=limit, **filters)
        yield page
        while page.next_url:
            page = self._page(self._call("GET", page.next_url))
            yield page

    def iter_links(self, *, limit: int = 100, **filters: Any) -> Iterator[Link]:
        """Every link of the account (matching `filters`, as for `list_links`), page after page."""
        for page in self.iter_pages(limit=limit, **filters):
            yield from page.links

    def get_link(self, link_id: str) -> Link:
        return cast(Link, self._call("GET", f"/api/link/{_segment(link_id)}").json())

    def get_link_by_target(self, target_url: str) -> LinkByTarget:
        """The newest of the account's links to this page."""
        return cast(LinkByTarget, self._call("GET", f"/api/link/byTarget/{_segment(target_url)}").json())

    def update_link(self, link_id: str, changes: LinkChanges) -> Link:
        """Changes the fields given; `{"isActive": False}` pauses the link."""
        return cast(Link, self._call("PATCH", f"/api/link/{_segment(link_id)}", json_body=changes).json())

    def delete_link(self, link_id: str) -> None:
        self._call("DELETE", f"/api/link/{_segment(link_id)}")

    @overload
    def export_links(self, format: Literal["json"] = "json") -> list[ExportedLink]: ...
    @overload
    def export_links(self, format: Literal["csv"]) -> str: ...
    def export_links(self, format: Literal["json", "csv"] = "json") -> list[ExportedLink] | str:
        """Every link of the account with its counts, oldest first: a list, or CSV text."""
        answer = self._call("GET", "/api/links/export", query={"format": format})
        return answer.body.decode("utf-8") if format == "csv" else cast(list[ExportedLink], answer.json())

    def get_link_stats(self, link_id: str, *, from_date: Day | None = None, to_date: Day | None = None) -> LinkStats:
        """A link's clicks, scans and previews (paid plans); the last 30 days unless a period is given."""
        query = {"from": _day(from_date), "to": _day(to_date)}
        return cast(LinkStats, self._call("GET", f"/api/stats/{_segment(link_id)}", query=query).json())

    def get_qr_code(
        self,
        path: str,
        *,
        format: Literal["png", "svg"] | None = None,
        foreground: str | None = None,
        background: str | None = None,
        margin: int | None = None,
        error_correction: Literal["L", "M", "Q", "H"] | None = None,
        size: int | None = None,
        logo: str | None = None,
    ) -> bytes:
        """The QR code of the short link at `path` (its slug or alias), as PNG or SVG bytes."""
        query = {
            "format": format,
            "foreground": foreground,
            "background": background,
            "margin": margin,
            "errorCorrection": error_correction,
            "size": size,
            "logo": logo,
        }
        return self._call("GET", f"/api/qr/{_segment(path)}", query=query).body

    # -- Images, account, service

    def upload_image(
        self, data: bytes, content_type: str, *, purpose: Literal["card", "logo"] | None = None
    ) -> UploadedImage:
        """Uploads an image (PNG, JPEG or WebP bytes); its `url` can be a link's ogImage or a QR code's logo."""
        answer = self._call("POST", "/api/image", query={"purpose": purpose}, data=data, content_type=content_type)
        return cast(UploadedImage, answer.json())

    def get_caller(self) -> Caller:
        """Who the key belongs to: its account (and plan) and the key's name and scopes."""
        return cast(Caller, self._call("GET", "/api/me").json())

    def get_custom_domain(self) -> CustomDomain:
        return cast(CustomDomain, self._call("GET", "/api/domain").json())

    def get_health(self) -> Health:
        return cast(Health, self._call("GET", "/api/health").json())

    # -- Transport

    def _call(
        self,
        method: str,
        path_or_url: str,
        *,
        query: Mapping[str, Any] | None = None,
        json_body: Any = None,
        data: bytes | None = None,
        content_type: str | None = None,
        idempotency_key: str | None = None,
    ) -> _Answer:
        url = path_or_url if path_or_url.startswith(("http://", "https://")) else self.base_url + path_or_url
        given = {name: value for name, value in (query or {}).items() if value is not None}
        if given:
            url += "?" + urllib.parse.urlencode(given)
        headers = {"Authorization": f"Bearer {self.api_key}", "User-Agent": USER_AGENT, "Accept": "application/json"}
        if json_body is not None:
            data = json.dumps(json_body).encode("utf-8")
            content_type = "application/json"
        if content_type:
            headers["Content-Type"] = content_type
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        # A call that failed midway may have done its work: only those harmless to make twice are made again.
        is_repeatable = method in _IDEMPOTENT_METHODS or idempotency_key is not None
        attempt = 0
        while True:
            try:
                answer = self._send(urllib.request.Request(url, data=data, headers=headers, method=method))
            except (OSError, http.client.HTTPException):
                if not is_repeatable or attempt >= self.max_retries:
                    raise
                time.sleep(_backoff(attempt))
                attempt += 1
                continue
            if answer.status < 400:
                return answer
            error = _error_from(answer)
            # A 429 refused the call before doing anything, so even a call that is not repeatable can be made again.
            is_retried = answer.status in _RETRIED_STATUSES and (answer.status == 429 or is_repeatable)
            if not is_retried or attempt >= self.max_retries:
                raise error
            wait = error.retry_after if error.retry_after is not None else _backoff(attempt)
            if wait > self.max_retry_wait:
                raise error
            time.sleep(wait)
            attempt += 1

    def _send(self, request: urllib.request.Request) -> _Answer:
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return _Answer(response.status, response.headers, response.read(), response.url)
        except urllib.error.HTTPError as refusal:
            with refusal:
                return _Answer(refusal.code, refusal.headers, refusal.read(), request.full_url)

    def _page(self, answer: _Answer) -> LinkPage:
        total = answer.headers.get("X-Total-Count")
        pages = {relation: self._follow(answer.url, target) for target, relation in _LINK_RELATION.findall(answer.headers.get("Link", ""))}
        return LinkPage(links=cast(list[Link], answer.json()), total=int(total) if total else None, pages=pages)

    def _follow(self, answered_url: str, target: str) -> str:
        # The key goes only to the server it was given for, whatever address a header names.
        resolved = urllib.parse.urlsplit(urllib.parse.urljoin(answered_url, target))
        base = urllib.parse.urlsplit(self.base_url)
        return urllib.parse.urlunsplit((base.scheme, base.netloc, resolved.path, resolved.query, ""))


class AsyncLinkcard:
    """The same calls as `Linkcard`, awaitable: each runs on a thread of its own (asyncio.to_thread)."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 30.0,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
    ) -> None:
        #: The client whose calls these are.
        self.sync = Linkcard(base_url, api_key, timeout=timeout, max_retries=max_retries, max_retry_wait=max_retry_wait)

    async def create_link(self, link: NewLink, *, idempotency_key: str | None = None) -> CreatedLink:
        return await asyncio.to_thread(self.sync.create_link, link, idempotency_key=idempotency_key)

    async def create_links(
        self, links: Sequence[NewLink], *, all_or_nothing: bool | None = None, idempotency_key: str | None = None
    ) -> BulkResult:
        return await asyncio.to_thread(self.sync.create_links, links, all_or_nothing=all_or_nothing, idempotency_key=idempotency_key)

    async def list_links(
        self,
        *,
        page: int | None = None,
        limit: int | None = None,
        search: str | None = None,
        status: Literal["all", "active", "inactive"] | None = None,
        tag: str | None = None,
        health: Literal["broken", "ok"] | None = None,
    ) -> LinkPage:
        return await asyncio.to_thread(
            self.sync.list_links, page=page, limit=limit, search=search, status=status, tag=tag, health=health
        )

    async def iter_pages(self, *, limit: int = 100, **filters: Any) -> AsyncIterator[LinkPage]:
        pages = self.sync.iter_pages(limit=limit, **filters)
        while (page := await asyncio.to_thread(next, pages, None)) is not None:
            yield page

    async def iter_links(self, *, limit: int = 100, **filters: Any) -> AsyncIterator[Link]:
        async for page in self.iter_pages(limit=limit, **filters):
            for link in page.links:
                yield link

    async def get_link(self, link_id: str) -> Link:
        return await asyncio.to_thread(self.sync.get_link, link_id)

    async def get_link_by_target(self, target_url: str) -> LinkByTarget:
        return await asyncio.to_thread(self.sync.get_link_by_target, target_url)

    async def update_link(self, link_id: str, changes: LinkChanges) -> Link:
        return await asyncio.to_thread(self.sync.update_link, link_id, changes)

    async def delete_link(self, link_id: str) -> None:
        await asyncio.to_thread(self.sync.delete_link, link_id)

    @overload
    async def export_links(self, format: Literal["json"] = "json") -> list[ExportedLink]: ...
    @overload
    async def export_links(self, format: Literal["csv"]) -> str: ...
    async def export_links(self, format: Literal["json", "csv"] = "json") -> list[ExportedLink] | str:
        if format == "csv":
            return await asyncio.to_thread(self.sync.export_links, "csv")
        return await asyncio.to_thread(self.sync.export_links, "json")

    async def get_link_stats(self, link_id: str, *, from_date: Day | None = None, to_date: Day | None = None) -> LinkStats:
        return await asyncio.to_thread(self.sync.get_link_stats, link_id, from_date=from_date, to_date=to_date)

    async def get_qr_code(
        self,
        path: str,
        *,
        format: Literal["png", "svg"] | None = None,
        foreground: str | None = None,
        background: str | None = None,
        margin: int | None = None,
        error_correction: Literal["L", "M", "Q", "H"] | None = None,
        size: int | None = None,
        logo: str | None = None,
    ) -> bytes:
        return await asyncio.to_thread(
            self.sync.get_qr_code,
            path,
            format=format,
            foreground=foreground,
            background=background,
            margin=margin,
            error_correction=error_correction,
            size=size,
            logo=logo,
        )

    async def upload_image(
        self, data: bytes, content_type: str, *, purpose: Literal["card", "logo"] | None = None
    ) -> UploadedImage:
        return await asyncio.to_thread(self.sync.upload_image, data, content_type, purpose=purpose)

    async def get_caller(self) -> Caller:
        return await asyncio.to_thread(self.sync.get_caller)

    async def get_custom_domain(self) -> CustomDomain:
        return await asyncio.to_thread(self.sync.get_custom_domain)

    async def get_health(self) -> Health:
        return await asyncio.to_thread(self.sync.get_health)


def _segment(value: str) -> str:
    # A path parameter is one segment: a target URL's slashes and colons are escaped too.
    return urllib.parse.quote(value, safe="")


def _day(value: Day | None) -> str | None:
    return value.isoformat() if isinstance(value, datetime.date) else value


def _backoff(attempt: int) -> float:
    # 0.5 s, 1 s, 2 s…, each somewhat less at random, so clients refused together do not return together.
    return 0.5 * 2**attempt * random.uniform(0.5, 1.0)


def _seconds_until(retry_after: str | None) -> float | None:
    """Retry-After as seconds to wait, from a number of seconds or an HTTP date."""
    if not retry_after:
        return None
    text = retry_after.strip()
    if text.isdigit():
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.timezone.utc)
    return max(0.0, (when - datetime.datetime.now(datetime.timezone.utc)).total_seconds())


def _int_header(headers: Message, name: str) -> int | None:
    value = headers.get(name)
    return int(value) if value and value.strip().isdigit() else None


def _error_from(answer: _Answer) -> LinkcardError:
    try:
        parsed = answer.json()
    except ValueError:
        parsed = None
    # A proxy's own error page is not JSON: its text is the message then.
    body: dict[str, Any] = cast(dict[str, Any], parsed) if isinstance(parsed, dict) else {"message": answer.body.decode("utf-8", "replace").strip()}
    return error_class(answer.status)(
        answer.status,
        str(body.get("message") or f"HTTP {answer.status}"),
        errors=body.get("errors"),
        code=body.get("code"),
        limit=_int_header(answer.headers, "X-RateLimit-Limit"),
        remaining=_int_header(answer.headers, "X-RateLimit-Remaining"),
        reset=_int_header(answer.headers, "X-RateLimit-Reset"),
        retry_after=_seconds_until(answer.headers.get("Retry-After")),
    )
