"""Linkcard's Python client: every call of the public API, its answers typed, its refusals raised.

    from linkcard import Linkcard
    linkcard = Linkcard("https://links.example.com", "lnk_…")
    created = linkcard.create_link({"targetUrl": "https://example.com", "title": "Example"})
"""

from .client import OPERATIONS, USER_AGENT, AsyncLinkcard, Linkcard, LinkPage, __version__
from .errors import (
    AuthenticationError,
    ConflictError,
    LinkcardError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ValidationError,
)
from .types import (
    BulkItem,
    BulkResult,
    Caller,
    CreatedLink,
    CustomDomain,
    ErrorBody,
    ExportedLink,
    FieldError,
    Health,
    Link,
    LinkByTarget,
    LinkChanges,
    LinkStats,
    NewLink,
    UploadedImage,
)

__all__ = [
    "OPERATIONS",
    "USER_AGENT",
    "AsyncLinkcard",
    "AuthenticationError",
    "BulkItem",
    "BulkResult",
    "Caller",
    "ConflictError",
    "CreatedLink",
    "CustomDomain",
    "ErrorBody",
    "ExportedLink",
    "FieldError",
    "Health",
    "Link",
    "LinkByTarget",
    "LinkChanges",
    "LinkPage",
    "LinkStats",
    "Linkcard",
    "LinkcardError",
    "NewLink",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "UploadedImage",
    "ValidationError",
    "__version__",
]
