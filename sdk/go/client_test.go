package linkcard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"
)

// recorder answers each request with the next of answers (the last again once they run out) and
// keeps what was asked.
type recorder struct {
	mu       sync.Mutex
	requests []*http.Request
	answers  []func(w http.ResponseWriter, r *http.Request)
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec.mu.Lock()
	rec.requests = append(rec.requests, r)
	answer := rec.answers[min(len(rec.requests), len(rec.answers))-1]
	rec.mu.Unlock()
	answer(w, r)
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func status(code int, headers map[string]string, body string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		for name, value := range headers {
			w.Header().Set(name, value)
		}
		w.WriteHeader(code)
		fmt.Fprint(w, body)
	}
}

func testClient(t *testing.T, rec *recorder) *Client {
	server := httptest.NewServer(rec)
	t.Cleanup(server.Close)
	return NewClient(server.URL+"/", "lnk_test", WithRetryPolicy(RetryPolicy{BaseDelay: time.Millisecond, MaxDelay: 2 * time.Second}))
}

func TestCreateRetriesWithOneIdempotencyKey(t *testing.T) {
	rec := &recorder{answers: []func(http.ResponseWriter, *http.Request){
		status(503, nil, `{"message":"Down for a moment."}`),
		status(429, map[string]string{"Retry-After": "0"}, `{"message":"Slow down."}`),
		status(201, nil, `{"id":"l1","slug":"abcdefg","url":"https://s.example/abcdefg","qrCodeUrl":"","existing":false}`),
	}}
	created, err := testClient(t, rec).CreateLink(context.Background(), NewLink{TargetURL: "https://example.com", Title: "Example"})
	if err != nil || created.ID != "l1" {
		t.Fatalf("CreateLink = %+v, %v", created, err)
	}
	if len(rec.requests) != 3 {
		t.Fatalf("%d requests, want 3", len(rec.requests))
	}
	key := rec.requests[0].Header.Get("Idempotency-Key")
	for _, r := range rec.requests {
		if r.Header.Get("Idempotency-Key") != key || len(key) < 16 {
			t.Errorf("Idempotency-Key %q, want %q on every attempt", r.Header.Get("Idempotency-Key"), key)
		}
		if r.Header.Get("User-Agent") != UserAgent || r.Header.Get("Authorization") != "Bearer lnk_test" {
			t.Errorf("headers %v", r.Header)
		}
	}
}

func TestChangesAreNotRetriedAfterAServerError(t *testing.T) {
	rec := &recorder{answers: []func(http.ResponseWriter, *http.Request){status(502, nil, "Bad gateway")}}
	_, err := testClient(t, rec).UpdateLink(context.Background(), "l1", LinkChanges{Title: "New"})
	var apiErr *Error
	if !errors.As(err, &apiErr) || apiErr.Status != 502 || apiErr.Message != "Bad Gateway" || len(rec.requests) != 1 {
		t.Fatalf("err = %v after %d requests", err, len(rec.requests))
	}
}

func TestALongRetryAfterIsAnsweredAsTheError(t *testing.T) {
	reset := time.Now().Add(time.Hour).Unix()
	rec := &recorder{answers: []func(http.ResponseWriter, *http.Request){status(429, map[string]string{
		"Retry-After": "3600", "X-RateLimit-Limit": "1000", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": strconv.FormatInt(reset, 10),
	}, `{"message":"Rate limit of 1000 requests per hour reached."}`)}}
	_, err := testClient(t, rec).GetLink(context.Background(), "l1")
	var apiErr *Error
	if !errors.As(err, &apiErr) || !IsRateLimited(err) || apiErr.RetryAfter != time.Hour || apiErr.Limit != 1000 || apiErr.Remaining != 0 || apiErr.Reset.Unix() != reset {
		t.Fatalf("err = %#v", err)
	}
	if len(rec.requests) != 1 {
		t.Fatalf("%d requests, want 1", len(rec.requests))
	}
}

func TestNotFoundIsTyped(t *testing.T) {
	rec := &recorder{answers: []func(http.ResponseWriter, *http.Request){status(404, nil, `{"message":"Link not found."}`)}}
	_, err := testClient(t, rec).GetLink(context.Background(), "gone")
	if !IsNotFound(err) || err.Error() != "linkcard: 404 Link not found." {
		t.Fatalf("err = %v", err)
	}
}

func TestPagerFollowsTheNextLink(t *testing.T) {
	rec := &recorder{}
	rec.answers = []func(http.ResponseWriter, *http.Request){func(w http.ResponseWriter, r *http.Request) {
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		if page == 0 {
			page = 1
		}
		w.Header().Set("X-Total-Count", "3")
		w.Header().Add("Link", `</api/links?limit=1&page=1>; rel="first", </api/links?limit=1&page=3>; rel="last"`)
		if page < 3 {
			w.Header().Add("Link", fmt.Sprintf(`</api/links?limit=1&page=%d>; rel="next"`, page+1))
		}
		json.NewEncoder(w).Encode([]Link{{ID: strconv.Itoa(page)}})
	}}
	pager := testClient(t, rec).Links(context.Background(), &ListLinksOptions{Limit: 1})
	ids := ""
	for pager.Next() {
		ids += pager.Page().Links[0].ID
		if pager.Page().Total != 3 {
			t.Errorf("Total = %d", pager.Page().Total)
		}
	}
	if pager.Err() != nil || ids != "123" {
		t.Fatalf("ids %q, err %v", ids, pager.Err())
	}
}

func TestRetryAfterReadsSecondsAndDates(t *testing.T) {
	now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	for value, want := range map[string]time.Duration{"2": 2 * time.Second, "Tue, 01 Jan 2030 12:00:30 GMT": 30 * time.Second, "": 0, "soon": 0} {
		if got := retryAfter(value, now); got != want {
			t.Errorf("retryAfter(%q) = %v, want %v", value, got, want)
		}
	}
}

func TestChangesSendNullsAndEmptyLists(t *testing.T) {
	encoded, err := json.Marshal(LinkChanges{Title: "T", Tags: []string{}, Clear: []string{"alias"}})
	if err != nil || string(encoded) != `{"alias":null,"tags":[],"title":"T"}` {
		t.Fatalf("%s, %v", encoded, err)
	}
}
