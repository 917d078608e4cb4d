// Package linkcard is a client of Linkcard's public API: short links with the social previews you
// choose. Make a Client with the instance's address and an API key (lnk_…), then call it:
//
//	client := linkcard.NewClient("https://links.example.com", os.Getenv("LINKCARD_API_KEY"))
//	link, err := client.CreateLink(ctx, linkcard.NewLink{TargetURL: "https://example.com", Title: "Example"})
//
// A call refused with 429 is made again once its Retry-After has passed. Reads, deletes and creates
// are also tried again after a 5xx or a lost connection: creates safely, as each carries an
// Idempotency-Key that the server answers a repeat of with its first answer.
package linkcard

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	mathrand "math/rand"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// UserAgent is what the client calls itself in each request.
const UserAgent = "linkcard-go/0.1"

// Client calls one Linkcard instance's public API with one API key. It is safe for concurrent use.
type Client struct {
	baseURL    *url.URL
	apiKey     string
	httpClient *http.Client
	retry      RetryPolicy
}

// RetryPolicy says how often and how long a Client tries a call again by itself.
type RetryPolicy struct {
	// MaxAttempts counts every try, the first among them; 1 turns retrying off. 4 when zero.
	MaxAttempts int
	// BaseDelay is the wait before the first retry when the server names none; it doubles at each
	// retry after. 500 ms when zero.
	BaseDelay time.Duration
	// MaxDelay is the longest the client waits by itself: a Retry-After beyond it (an hour's or a
	// day's limit spent) is answered at once as the *Error, whose RetryAfter says how long. 60 s when zero.
	MaxDelay time.Duration
}

// Option changes how NewClient makes a Client.
type Option func(*Client)

// WithHTTPClient makes the requests with the given *http.Client (timeouts, proxies, transports).
func WithHTTPClient(httpClient *http.Client) Option {
	return func(c *Client) { c.httpClient = httpClient }
}

// WithRetryPolicy replaces the default retry policy; its zero fields keep their defaults.
func WithRetryPolicy(policy RetryPolicy) Option {
	return func(c *Client) {
		if policy.MaxAttempts > 0 {
			c.retry.MaxAttempts = policy.MaxAttempts
		}
		if policy.BaseDelay > 0 {
			c.retry.BaseDelay = policy.BaseDelay
		}
		if policy.MaxDelay > 0 {
			c.retry.MaxDelay = policy.MaxDelay
		}
	}
}

// NewClient makes a client of the instance at baseURL (as https://links.example.com) calling with
// apiKey. It panics when baseURL is not an absolute http(s) URL, a mistake of the program's own.
func NewClient(baseURL, apiKey string, options ...Option) *Client {
	parsed, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (parsed.Scheme != "http" && parsed.Scheme != "https") || parsed.Host == "" {
		panic(fmt.Sprintf("linkcard: the base URL must be an absolute http(s) URL, not %q", baseURL))
	}
	client := &Client{
		baseURL:    parsed,
		apiKey:     apiKey,
		httpClient: http.DefaultClient,
		retry:      RetryPolicy{MaxAttempts: 4, BaseDelay: 500 * time.Millisecond, MaxDelay: time.Minute},
	}
	for _, option := range options {
		option(client)
	}
	return client
}

// CallOption changes one call.
type CallOption func(*callSettings)

type callSettings struct {
	idempotencyKey string
}

// WithIdempotencyKey sends key as the call's Idempotency-Key instead of a fresh random one: the
// server answers a repeat of the same key and body within 24 hours with its first answer, so a
// create retried after a crash of the caller's own makes no second link. A key is 1 to 255
// printable ASCII characters, unguessable and new for each create.
func WithIdempotencyKey(key string) CallOption {
	return func(settings *callSettings) { settings.idempotencyKey = key }
}

// NewIdempotencyKey is a fresh random key, as each create gets unless given one.
func NewIdempotencyKey() string {
	var random [16]byte
	if _, err := rand.Read(random[:]); err != nil {
		panic(fmt.Sprintf("linkcard: no randomness for an idempotency key: %v", err))
	}
	return hex.EncodeToString(random[:])
}

// request is one logical call: what every attempt of it sends again.
type request struct {
	method      string
	path        string // escaped, from the root of the instance
	query       url.Values
	absolute    *url.URL // instead of path and query: a page the server named
	body        []byte
	contentType string
	accept      string
	// idempotencyKey, when set, is sent with every attempt, which makes a POST safe to repeat.
	idempotencyKey string
}

// response is the answer of the attempt that ended the call.
type response struct {
	status int
	header http.Header
	body   []byte
	url    *url.URL
}

func jsonRequest(method, path string, body any) (*request, error) {
	encoded, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("linkcard: encoding the request body: %w", err)
	}
	return &request{method: method, path: path, body: encoded, contentType: "application/json"}, nil
}

func (c *Client) urlOf(req *request) *url.URL {
	if req.absolute != nil {
		return req.absolute
	}
	// The base URL's own path (an instance under /links) comes before the API's.
	target := *c.baseURL
	target.RawPath = strings.TrimRight(c.baseURL.EscapedPath(), "/") + req.path
	target.Path, _ = url.PathUnescape(target.RawPath)
	target.RawQuery = req.query.Encode()
	return &target
}

// isRepeatable: whether doing the call twice does no more than doing it once. A 429 is tried again
// whatever the call, as the server refused it before doing anything.
func (req *request) isRepeatable() bool {
	switch req.method {
	case http.MethodGet, http.MethodHead, http.MethodDelete, http.MethodPut:
		return true
	}
	return req.idempotencyKey != ""
}

// do sends req, trying again as the retry policy allows, and answers a 2xx response or an error
// (*Error for an answer of the API's).
func (c *Client) do(ctx context.Context, req *request) (*response, error) {
	target := c.urlOf(req)
	for attempt := 1; ; attempt++ {
		answer, err := c.attempt(ctx, req, target)
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		wait := c.backOff(attempt)
		switch {
		case err != nil:
			if !req.isRepeatable() || attempt >= c.retry.MaxAttempts {
				return nil, err
			}
		case answer.status >= 200 && answer.status < 300:
			return answer, nil
		default:
			apiErr := errorOf(answer)
			// A keyed create's 409 with a Retry-After is the same create still running elsewhere
			// (an earlier attempt whose answer was lost): its answer comes to a retry once it is done.
			isStillRunning := answer.status == http.StatusConflict && req.idempotencyKey != "" && apiErr.RetryAfter > 0
			isRetryable := answer.status == http.StatusTooManyRequests || (answer.status >= 500 && req.isRepeatable()) || isStillRunning
			if !isRetryable || attempt >= c.retry.MaxAttempts {
				return nil, apiErr
			}
			if apiErr.RetryAfter > 0 {
				wait = apiErr.RetryAfter
			}
			// A wait past the policy's limit or the caller's deadline is not begun: the refusal says more than a timeout.
			if deadline, ok := ctx.Deadline(); wait > c.retry.MaxDelay || (ok && time.Until(deadline) < wait) {
				return nil, apiErr
			}
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-timer.C:
		}
	}
}

// backOff is the wait before retry number attempt when the server names none: doubling, with
// jitter so that many clients refused at once do not all come back at once.
func (c *Client) backOff(attempt int) time.Duration {
	delay := float64(c.retry.BaseDelay) * math.Pow(2, float64(attempt-1))
	delay = math.Min(delay, float64(c.retry.MaxDelay))
	return time.Duration(delay/2 + mathrand.Float64()*delay/2)
}

func (c *Client) attempt(ctx context.Context, req *request, target *url.URL) (*response, error) {
	var body io.Reader
	if req.body != nil {
		body = bytes.NewReader(req.body)
	}
	httpRequest, err := http.NewRequestWithContext(ctx, req.method, target.String(), body)
	if err != nil {
		return nil, fmt.Errorf("linkcard: %w", err)
	}
	httpRequest.Header.Set("Authorization", "Bearer "+c.apiKey)
	httpRequest.Header.Set("User-Agent", UserAgent)
	accept := req.accept
	if accept == "" {
		accept = "application/json"
	}
	httpRequest.Header.Set("Accept", accept)
	if req.contentType != "" {
		httpRequest.Header.Set("Content-Type", req.contentType)
	}
	if req.idempotencyKey != "" {
		httpRequest.Header.Set("Idempotency-Key", req.idempotencyKey)
	}
	answer, err := c.httpClient.Do(httpRequest)
	if err != nil {
		return nil, fmt.Errorf("linkcard: %s %s: %w", req.method, target.Path, err)
	}
	defer answer.Body.Close()
	read, err := io.ReadAll(answer.Body)
	if err != nil {
		return nil, fmt.Errorf("linkcard: reading the answer to %s %s: %w", req.method, target.Path, err)
	}
	return &response{status: answer.StatusCode, header: answer.Header, body: read, url: answer.Request.URL}, nil
}

// call does req and decodes the JSON answer into out (nil for none).
func (c *Client) call(ctx context.Context, req *request, out any) (*response, error) {
	answer, err := c.do(ctx, req)
	if err != nil {
		return nil, err
	}
	if out != nil {
		if err := json.Unmarshal(answer.body, out); err != nil {
			return nil, fmt.Errorf("linkcard: decoding the answer to %s %s: %w", req.method, answer.url.Path, err)
		}
	}
	return answer, nil
}

// keyed gives a create its Idempotency-Key: the caller's, else a fresh one, the same for every
// attempt of this call.
func keyed(req *request, options []CallOption) *request {
	settings := callSettings{}
	for _, option := range options {
		option(&settings)
	}
	req.idempotencyKey = settings.idempotencyKey
	if req.idempotencyKey == "" {
		req.idempotencyKey = NewIdempotencyKey()
	}
	return req
}
