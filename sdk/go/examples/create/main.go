// Makes one short link and prints it as JSON.
//
//	LINKCARD_URL=https://links.example.com LINKCARD_API_KEY=lnk_… go run ./examples/create https://example.com/launch "We just launched"
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	linkcard "github.com/linkcard/linkcard-go"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: create <target URL> <title>")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	client := linkcard.NewClient(os.Getenv("LINKCARD_URL"), os.Getenv("LINKCARD_API_KEY"))
	link, err := client.CreateLink(ctx, linkcard.NewLink{TargetURL: os.Args[1], Title: os.Args[2]})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(link); err != nil {
		os.Exit(1)
	}
}
