package linkcard

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Error is the API's refusal of a call: its HTTP status and the message of its JSON body, with the
// rate-limit headers it carried. Find it with errors.As, or ask with IsNotFound and the like.
type Error struct {
	// Status is the HTTP status code (400, 401, 403, 404, 409, 429, ...).
	Status int `json:"-"`
	// Message says what went wrong, in words for people.
	Message string `json:"message"`
	// Errors names the fields of a 400 and what is wrong with each.
	Errors []FieldError `json:"errors,omitempty"`
	// Code names the problem for programs, when the server gives one.
	Code string `json:"code,omitempty"`
	// RetryAfter is how long the server asked to wait before calling again (429, 503).
	RetryAfter time.Duration `json:"-"`
	// Limit, Remaining and Reset describe the tightest rate-limit window: the calls it allows, those
	// left, and when it starts again. Zero when the answer did not say.
	Limit     int       `json:"-"`
	Remaining int       `json:"-"`
	Reset     time.Time `json:"-"`
}

// FieldError is one field of a request the server refused, and why.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	text := fmt.Sprintf("linkcard: %d %s", e.Status, e.Message)
	for _, field := range e.Errors {
		if field.Message == e.Message {
			text += fmt.Sprintf(" (%s)", field.Field)
		} else {
			text += fmt.Sprintf("; %s: %s", field.Field, field.Message)
		}
	}
	return text
}

// IsNotFound reports whether err is the API's 404: no such link (or not one of the key's account).
func IsNotFound(err error) bool { return statusOf(err) == http.StatusNotFound }

// IsRateLimited reports whether err is a 429 the client did not wait out (see Error.RetryAfter).
func IsRateLimited(err error) bool { return statusOf(err) == http.StatusTooManyRequests }

// IsConflict reports whether err is a 409: an alias another link has, or a create with the same
// Idempotency-Key still running.
func IsConflict(err error) bool { return statusOf(err) == http.StatusConflict }

// IsUnauthorized reports whether err is a 401 (no key, or an unknown or revoked one) or a 403 (the
// plan or the key's scopes do not allow the call).
func IsUnauthorized(err error) bool {
	status := statusOf(err)
	return status == http.StatusUnauthorized || status == http.StatusForbidden
}

func statusOf(err error) int {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		return apiErr.Status
	}
	return 0
}

// errorOf reads a refusal: its JSON body when it has one, else its status line.
func errorOf(answer *response) *Error {
	apiErr := &Error{}
	if json.Unmarshal(answer.body, apiErr) != nil || apiErr.Message == "" {
		apiErr = &Error{Message: http.StatusText(answer.status)}
	}
	apiErr.Status = answer.status
	apiErr.RetryAfter = retryAfter(answer.header.Get("Retry-After"), time.Now())
	apiErr.Limit, _ = strconv.Atoi(answer.header.Get("X-RateLimit-Limit"))
	apiErr.Remaining, _ = strconv.Atoi(answer.header.Get("X-RateLimit-Remaining"))
	if reset, err := strconv.ParseInt(answer.header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
		apiErr.Reset = time.Unix(reset, 0)
	}
	return apiErr
}

// retryAfter reads Retry-After as seconds or as an HTTP date (RFC 9110 allows both).
func retryAfter(value string, now time.Time) time.Duration {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0
	}
	if seconds, err := strconv.ParseFloat(value, 64); err == nil {
		if seconds < 0 {
			return 0
		}
		return time.Duration(seconds * float64(time.Second))
	}
	if at, err := http.ParseTime(value); err == nil && at.After(now) {
		return at.Sub(now)
	}
	return 0
}
