package linkcard

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

var errForeignPage = errors.New("linkcard: the server named a next page on another host; the API key is not sent there")

// LinkPage is one page of a list of links.
type LinkPage struct {
	Links []Link
	// Total is how many links match, over all pages (X-Total-Count).
	Total int
	// Next is the address of the next page, as the Link header names it; nil on the last page.
	Next *url.URL
}

func (c *Client) listPage(ctx context.Context, req *request) (*LinkPage, error) {
	page := &LinkPage{Links: []Link{}}
	answer, err := c.call(ctx, req, &page.Links)
	if err != nil {
		return nil, err
	}
	page.Total, _ = strconv.Atoi(answer.header.Get("X-Total-Count"))
	if next, ok := linkRelations(answer.header.Values("Link"))["next"]; ok {
		// References are relative to the address that answered (RFC 8288, section 3.2).
		reference, err := url.Parse(next)
		if err != nil {
			return nil, fmt.Errorf("linkcard: the next page's address %q: %w", next, err)
		}
		page.Next = answer.url.ResolveReference(reference)
	}
	return page, nil
}

// Links goes through the account's links a page at a time, from options.Page (the first when zero),
// following each answer's Link header to the next:
//
//	pager := client.Links(ctx, &linkcard.ListLinksOptions{Limit: 100})
//	for pager.Next() {
//		for _, link := range pager.Page().Links { … }
//	}
//	if err := pager.Err(); err != nil { … }
func (c *Client) Links(ctx context.Context, options *ListLinksOptions) *LinkPager {
	return &LinkPager{client: c, ctx: ctx, first: &request{method: http.MethodGet, path: "/api/links", query: options.query()}}
}

// LinkPager goes through a list of links page by page; see Client.Links.
type LinkPager struct {
	client *Client
	// ctx is the one of the Links call, as with database/sql's rows: every page is read within it.
	ctx   context.Context
	first *request
	page  *LinkPage
	err   error
	done  bool
}

// Next reads the next page, and reports whether there was one. After false, Err says whether the
// pages ended or a call failed.
func (p *LinkPager) Next() bool {
	if p.done {
		return false
	}
	req := p.first
	if p.page != nil {
		if p.page.Next == nil {
			p.done = true
			return false
		}
		// The API key goes only to the instance it was given for.
		if p.page.Next.Scheme != p.client.baseURL.Scheme || p.page.Next.Host != p.client.baseURL.Host {
			p.err, p.done = errForeignPage, true
			return false
		}
		req = &request{method: http.MethodGet, absolute: p.page.Next}
	}
	page, err := p.client.listPage(p.ctx, req)
	if err != nil {
		p.err, p.done = err, true
		return false
	}
	p.page = page
	return true
}

// Page is the page Next read.
func (p *LinkPager) Page() *LinkPage { return p.page }

// Err is the error that ended the pages, if one did.
func (p *LinkPager) Err() error { return p.err }

// linkRelations reads RFC 8288 Link header values into their targets by relation type.
func linkRelations(values []string) map[string]string {
	relations := map[string]string{}
	for _, value := range values {
		for rest := value; ; {
			open := strings.IndexByte(rest, '<')
			if open < 0 {
				break
			}
			closing := strings.IndexByte(rest[open:], '>')
			if closing < 0 {
				break
			}
			target := rest[open+1 : open+closing]
			rest = rest[open+closing+1:]
			// The parameters run to the next link's "<"; a quoted value holds no "<" in practice.
			params := rest
			if next := strings.IndexByte(rest, '<'); next >= 0 {
				params = rest[:next]
			}
			for _, param := range strings.Split(params, ";") {
				name, value, ok := strings.Cut(strings.TrimSpace(param), "=")
				if !ok || !strings.EqualFold(strings.TrimSpace(name), "rel") {
					continue
				}
				for _, rel := range strings.Fields(strings.Trim(strings.TrimSpace(value), `",`)) {
					if _, seen := relations[strings.ToLower(rel)]; !seen {
						relations[strings.ToLower(rel)] = target
					}
				}
			}
		}
	}
	return relations
}
