"""A session with the Python client: who am I, create a link, create 120 more in one call, page
through them all, rename, read stats, delete. Prints what it did as one line of JSON.

    LINKCARD_URL=https://links.example.com LINKCARD_API_KEY=lnk_… SESSION_ALIAS=my-launch \\
        PYTHONPATH=sdk/python/src python3 sdk/python/examples/session.py
"""

import json
import os

from linkcard import Linkcard, NotFoundError

linkcard = Linkcard(os.environ["LINKCARD_URL"], os.environ["LINKCARD_API_KEY"])

caller = linkcard.get_caller()
print(f"Signed in to {caller['account']['name']} ({caller['account']['plan']}) with the key {caller['key']['name']}")

created = linkcard.create_link(
    {"targetUrl": "https://example.com/session", "title": "Session link", "alias": os.environ["SESSION_ALIAS"]}
)
print(f"Created {created['url']}")

bulk = linkcard.create_links(
    [{"targetUrl": f"https://example.com/session/page-{i}", "title": f"Page {i}"} for i in range(120)]
)
print(f"Bulk: {bulk['created']} created, {bulk['existing']} existing, {bulk['failed']} failed")
bulk_ids = [result["link"]["id"] for result in bulk["results"] if "link" in result]

paged_ids: list[str] = []
pages = 0
for page in linkcard.iter_pages(limit=25):
    pages += 1
    paged_ids += [link["id"] for link in page]
print(f"Read {len(paged_ids)} links in {pages} pages")

renamed = linkcard.update_link(created["id"], {"title": "Session link, renamed"})

# A 429 here is waited out and tried again by the client itself.
stats = linkcard.get_link_stats(created["id"])
print(f"{stats['totalClicks']} clicks from {stats['from']} to {stats['to']}")

linkcard.delete_link(created["id"])
try:
    linkcard.get_link(created["id"])
except NotFoundError as error:
    not_found = {"status": error.status, "message": error.message}
    print(f"Deleted: reading it again answers {error}")
else:
    raise SystemExit("the deleted link is still there")

print(
    json.dumps(
        {
            "accountId": caller["account"]["id"],
            "createdId": created["id"],
            "createdUrl": created["url"],
            "bulkIds": bulk_ids,
            "pagedIds": paged_ids,
            "pages": pages,
            "renamedTitle": renamed["title"],
            "statsClicks": stats["totalClicks"],
            "deleted": True,
            "notFound": not_found,
        }
    )
)
