"""The errors a call raises when the API refuses it, carrying the API's own message."""

from __future__ import annotations

from .types import FieldError


class LinkcardError(Exception):
    """A refusal: the HTTP status, the API's message and field errors, and the key's rate-limit state."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        errors: list[FieldError] | None = None,
        code: str | None = None,
        limit: int | None = None,
        remaining: int | None = None,
        reset: int | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.errors: list[FieldError] = errors or []
        self.code = code
        #: Calls the key may make in its window, those left, and when the window ends (Unix seconds).
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        #: Seconds to wait before calling again, from Retry-After.
        self.retry_after = retry_after

    def __str__(self) -> str:
        return f"{self.status}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status!r}, message={self.message!r})"


class ValidationError(LinkcardError):
    """400 (or 422): the input was refused; `errors` names the fields."""


class AuthenticationError(LinkcardError):
    """401: no API key, or an unknown or revoked one."""


class PermissionDeniedError(LinkcardError):
    """403: not on the account's plan, or the key lacks the scope the call needs."""


class NotFoundError(LinkcardError):
    """404: no such link (or image, or page) in the account."""


class ConflictError(LinkcardError):
    """409: an alias another link has, or a call with the same Idempotency-Key still running."""


class RateLimitError(LinkcardError):
    """429: the key's calls for this window are spent; `retry_after` says how long to wait."""


class ServerError(LinkcardError):
    """5xx: the server failed or is unavailable."""


def error_class(status: int) -> type[LinkcardError]:
    if status in (400, 422):
        return ValidationError
    if status >= 500:
        return ServerError
    return {401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError, 409: ConflictError, 429: RateLimitError}.get(
        status, LinkcardError
    )
