// A session with the Linkcard API: who the key is, a link made alone and 120 in one bulk call, every
// link read back 25 at a time, a change, the stats, a delete, and the 404 that follows. It prints
// what it saw as one JSON line.
//
//	LINKCARD_URL=https://links.example.com LINKCARD_API_KEY=lnk_… SESSION_ALIAS=my-link go run ./examples/session
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	linkcard "github.com/linkcard/linkcard-go"
)

type notFound struct {
	Status  int    `json:"status"`
	Message string `json:"message"`
}

type summary struct {
	AccountID    string   `json:"accountId"`
	CreatedID    string   `json:"createdId"`
	CreatedURL   string   `json:"createdUrl"`
	BulkIDs      []string `json:"bulkIds"`
	PagedIDs     []string `json:"pagedIds"`
	Pages        int      `json:"pages"`
	RenamedTitle string   `json:"renamedTitle"`
	StatsClicks  int      `json:"statsClicks"`
	Deleted      bool     `json:"deleted"`
	NotFound     notFound `json:"notFound"`
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	client := linkcard.NewClient(os.Getenv("LINKCARD_URL"), os.Getenv("LINKCARD_API_KEY"))
	seen := summary{BulkIDs: []string{}, PagedIDs: []string{}}

	me, err := client.GetCaller(ctx)
	if err != nil {
		return err
	}
	seen.AccountID = me.Account.ID

	created, err := client.CreateLink(ctx, linkcard.NewLink{
		TargetURL: "https://example.com/session",
		Title:     "Session link",
		Alias:     os.Getenv("SESSION_ALIAS"),
	})
	if err != nil {
		return err
	}
	seen.CreatedID, seen.CreatedURL = created.ID, created.URL

	batch := linkcard.NewLinks{}
	for i := 0; i < 120; i++ {
		batch.Links = append(batch.Links, linkcard.NewLink{
			TargetURL: fmt.Sprintf("https://example.com/session/page-%d", i),
			Title:     fmt.Sprintf("Page %d", i),
		})
	}
	bulk, err := client.CreateLinks(ctx, batch)
	if err != nil {
		return err
	}
	for i, result := range bulk.Results {
		if result.Link == nil {
			return fmt.Errorf("link %d of the bulk create %s: %s", i, result.Status, result.Message)
		}
		seen.BulkIDs = append(seen.BulkIDs, result.Link.ID)
	}

	pager := client.Links(ctx, &linkcard.ListLinksOptions{Limit: 25})
	for pager.Next() {
		seen.Pages++
		for _, link := range pager.Page().Links {
			seen.PagedIDs = append(seen.PagedIDs, link.ID)
		}
	}
	if err := pager.Err(); err != nil {
		return err
	}

	renamed, err := client.UpdateLink(ctx, created.ID, linkcard.LinkChanges{Title: "Session link, renamed"})
	if err != nil {
		return err
	}
	seen.RenamedTitle = renamed.Title

	// A 429 here is waited out and tried again by the client itself.
	stats, err := client.GetLinkStats(ctx, created.ID, nil)
	if err != nil {
		return err
	}
	seen.StatsClicks = stats.TotalClicks

	if err := client.DeleteLink(ctx, created.ID); err != nil {
		return err
	}
	seen.Deleted = true

	_, err = client.GetLink(ctx, created.ID)
	var apiErr *linkcard.Error
	if !errors.As(err, &apiErr) || !linkcard.IsNotFound(err) {
		return fmt.Errorf("reading the deleted link answered %v, not a 404", err)
	}
	seen.NotFound = notFound{Status: apiErr.Status, Message: apiErr.Message}

	return json.NewEncoder(os.Stdout).Encode(seen)
}
