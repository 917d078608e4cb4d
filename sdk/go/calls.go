package linkcard

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Operations names the method that calls each operation of the OpenAPI document, by operationId; a
// test holds it to the document the server serves, both ways.
var Operations = map[string]string{
	"getHealth":       "GetHealth",
	"getQrCode":       "GetQRCode",
	"createLink":      "CreateLink",
	"listLinks":       "ListLinks",
	"getLinkByTarget": "GetLinkByTarget",
	"createLinks":     "CreateLinks",
	"exportLinks":     "ExportLinks",
	"getLink":         "GetLink",
	"updateLink":      "UpdateLink",
	"deleteLink":      "DeleteLink",
	"getLinkStats":    "GetLinkStats",
	"uploadImage":     "UploadImage",
	"getCaller":       "GetCaller",
	"getCustomDomain": "GetCustomDomain",
}

// GetCaller answers who the key speaks for: its account (and plan) and the key itself.
func (c *Client) GetCaller(ctx context.Context) (*Caller, error) {
	caller := &Caller{}
	if _, err := c.call(ctx, &request{method: http.MethodGet, path: "/api/me"}, caller); err != nil {
		return nil, err
	}
	return caller, nil
}

// CreateLink makes a link, or answers the account's identical link (Existing true). It carries an
// Idempotency-Key (a fresh one unless WithIdempotencyKey gives it), so it is retried safely.
func (c *Client) CreateLink(ctx context.Context, link NewLink, options ...CallOption) (*CreatedLink, error) {
	req, err := jsonRequest(http.MethodPost, "/api/link", link)
	if err != nil {
		return nil, err
	}
	created := &CreatedLink{}
	if _, err := c.call(ctx, keyed(req, options), created); err != nil {
		return nil, err
	}
	return created, nil
}

// CreateLinks makes up to 1000 links in one call, each checked and created on its own (unless
// AllOrNothing), and answers what became of each. Like CreateLink, it carries an Idempotency-Key.
func (c *Client) CreateLinks(ctx context.Context, links NewLinks, options ...CallOption) (*BulkResult, error) {
	req, err := jsonRequest(http.MethodPost, "/api/links/bulk", links)
	if err != nil {
		return nil, err
	}
	result := &BulkResult{}
	if _, err := c.call(ctx, keyed(req, options), result); err != nil {
		return nil, err
	}
	return result, nil
}

// ListLinksOptions choose the links of a list and its pages. Zero values are left out.
type ListLinksOptions struct {
	Limit  int    // links per page; the server's default (50) when zero
	Page   int    // from 1
	Search string // in the title, target URL, alias or slug
	Status string // all, active or inactive
	Tag    string
	Health string // broken or ok
}

func (options *ListLinksOptions) query() url.Values {
	query := url.Values{}
	if options == nil {
		return query
	}
	if options.Limit > 0 {
		query.Set("limit", strconv.Itoa(options.Limit))
	}
	if options.Page > 0 {
		query.Set("page", strconv.Itoa(options.Page))
	}
	for name, value := range map[string]string{"search": options.Search, "status": options.Status, "tag": options.Tag, "health": options.Health} {
		if value != "" {
			query.Set(name, value)
		}
	}
	return query
}

// ListLinks answers one page of the account's links, newest first. To go through them all, use Links.
func (c *Client) ListLinks(ctx context.Context, options *ListLinksOptions) (*LinkPage, error) {
	return c.listPage(ctx, &request{method: http.MethodGet, path: "/api/links", query: options.query()})
}

// GetLink answers one of the account's links by its id (IsNotFound when there is none).
func (c *Client) GetLink(ctx context.Context, id string) (*Link, error) {
	link := &Link{}
	if _, err := c.call(ctx, &request{method: http.MethodGet, path: "/api/link/" + url.PathEscape(id)}, link); err != nil {
		return nil, err
	}
	return link, nil
}

// GetLinkByTarget answers the newest of the account's links to a page, however its address is spelled.
func (c *Client) GetLinkByTarget(ctx context.Context, targetURL string) (*LinkByTarget, error) {
	link := &LinkByTarget{}
	// The whole address is one path segment: its slashes, ? and & escaped, a space as %20 (not +).
	path := "/api/link/byTarget/" + strings.ReplaceAll(url.QueryEscape(targetURL), "+", "%20")
	if _, err := c.call(ctx, &request{method: http.MethodGet, path: path}, link); err != nil {
		return nil, err
	}
	return link, nil
}

// UpdateLink changes the fields set in changes and answers the link as it now is.
func (c *Client) UpdateLink(ctx context.Context, id string, changes LinkChanges) (*Link, error) {
	req, err := jsonRequest(http.MethodPatch, "/api/link/"+url.PathEscape(id), changes)
	if err != nil {
		return nil, err
	}
	link := &Link{}
	if _, err := c.call(ctx, req, link); err != nil {
		return nil, err
	}
	return link, nil
}

// DeleteLink deletes a link with its QR code and analytics; its short link answers 404 from then on.
func (c *Client) DeleteLink(ctx context.Context, id string) error {
	_, err := c.call(ctx, &request{method: http.MethodDelete, path: "/api/link/" + url.PathEscape(id)}, nil)
	return err
}

// ExportLinks answers every link of the account, oldest first, with its counts of all time.
func (c *Client) ExportLinks(ctx context.Context) ([]ExportedLink, error) {
	links := []ExportedLink{}
	req := &request{method: http.MethodGet, path: "/api/links/export", query: url.Values{"format": {"json"}}}
	if _, err := c.call(ctx, req, &links); err != nil {
		return nil, err
	}
	return links, nil
}

// ExportLinksCSV answers the same export as a CSV file, one link to a row after a header row.
func (c *Client) ExportLinksCSV(ctx context.Context) ([]byte, error) {
	req := &request{method: http.MethodGet, path: "/api/links/export", query: url.Values{"format": {"csv"}}, accept: "text/csv"}
	answer, err := c.do(ctx, req)
	if err != nil {
		return nil, err
	}
	return answer.body, nil
}

// StatsOptions choose the period of GetLinkStats: days in UTC as YYYY-MM-DD, both included. The
// server's default, when left empty, is the last 30 days.
type StatsOptions struct {
	From string
	To   string
}

// GetLinkStats answers a link's clicks, scans and previews (paid plans only).
func (c *Client) GetLinkStats(ctx context.Context, id string, options *StatsOptions) (*LinkStats, error) {
	query := url.Values{}
	if options != nil && options.From != "" {
		query.Set("from", options.From)
	}
	if options != nil && options.To != "" {
		query.Set("to", options.To)
	}
	stats := &LinkStats{}
	if _, err := c.call(ctx, &request{method: http.MethodGet, path: "/api/stats/" + url.PathEscape(id), query: query}, stats); err != nil {
		return nil, err
	}
	return stats, nil
}

// What an uploaded image is for (UploadImage's purpose).
const (
	ImageForCard = "card" // a JPEG within 1200 px, for a link's ogImage
	ImageForLogo = "logo" // a PNG that keeps its transparency, for a QR code's logo
)

// UploadImage uploads an image's bytes (contentType image/png, image/jpeg or image/webp) and answers
// its address on Linkcard. purpose is ImageForCard (when empty) or ImageForLogo.
func (c *Client) UploadImage(ctx context.Context, image []byte, contentType, purpose string) (*Image, error) {
	query := url.Values{}
	if purpose != "" {
		query.Set("purpose", purpose)
	}
	uploaded := &Image{}
	req := &request{method: http.MethodPost, path: "/api/image", query: query, body: image, contentType: contentType}
	if _, err := c.call(ctx, req, uploaded); err != nil {
		return nil, err
	}
	return uploaded, nil
}

// QRCodeOptions design a QR code; zero values take the server's defaults.
type QRCodeOptions struct {
	Format          string // png (the default) or svg
	Foreground      string // #rrggbb
	Background      string // #rrggbb or transparent
	Margin          *int   // quiet zone in modules, 0 to 16
	ErrorCorrection string // L, M, Q or H
	Size            int    // pixels, 128 to 2048
	Logo            string // the address of an image uploaded with ImageForLogo
}

// GetQRCode answers the QR code of a short link, by its path (alias or slug), as PNG or SVG bytes.
func (c *Client) GetQRCode(ctx context.Context, path string, options *QRCodeOptions) ([]byte, error) {
	query := url.Values{}
	accept := "image/png"
	if options != nil {
		for name, value := range map[string]string{"format": options.Format, "foreground": options.Foreground, "background": options.Background, "errorCorrection": options.ErrorCorrection, "logo": options.Logo} {
			if value != "" {
				query.Set(name, value)
			}
		}
		if options.Margin != nil {
			query.Set("margin", strconv.Itoa(*options.Margin))
		}
		if options.Size > 0 {
			query.Set("size", strconv.Itoa(options.Size))
		}
		if options.Format == "svg" {
			accept = "image/svg+xml"
		}
	}
	answer, err := c.do(ctx, &request{method: http.MethodGet, path: "/api/qr/" + url.PathEscape(path), query: query, accept: accept})
	if err != nil {
		return nil, err
	}
	return answer.body, nil
}

// GetCustomDomain answers the account's custom domain and how its checks stand.
func (c *Client) GetCustomDomain(ctx context.Context) (*CustomDomain, error) {
	domain := &CustomDomain{}
	if _, err := c.call(ctx, &request{method: http.MethodGet, path: "/api/domain"}, domain); err != nil {
		return nil, err
	}
	return domain, nil
}

// GetHealth answers whether the instance serves, and its release; it needs no key.
func (c *Client) GetHealth(ctx context.Context) (*ServerHealth, error) {
	health := &ServerHealth{}
	if _, err := c.call(ctx, &request{method: http.MethodGet, path: "/api/health"}, health); err != nil {
		return nil, err
	}
	return health, nil
}
