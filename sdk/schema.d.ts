// Written by `npm run sdk` from the OpenAPI document (/api/openapi.json): do not edit by hand.

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check
         * @description Whether this instance serves: 200 while its database answers, "degraded" when Redis is configured and does not; and which release it runs. Needs no API key.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/qr/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * QR code of a short link
         * @description The short link as a QR code, PNG or SVG, in the colours, quiet zone, error correction and size asked for, optionally with a logo at the centre. The code encodes the short URL with `?qr` added: people who scan it are counted as clicks and as scans. Needs no API key: the address can be put in an `<img>` as it is. Answers carry an ETag; the same options give the same image.
         */
        get: operations["getQrCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a link
         * @description Answers 201 with the new short link. When the account already has an identical link (see `existing`), answers 200 with that link instead. An alias that another link has answers 409. With an `Idempotency-Key`, a retry answers what the first call answered (with `Idempotent-Replayed: true`) for 24 hours: the same key with another body answers 422, and while the first call is still running, 409.
         */
        post: operations["createLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's links
         * @description Newest first (links made in the same instant by id), one page at a time: `limit` links (50 unless given, at most 500) of page `page` (from 1). The body stays a plain array; `X-Total-Count` says how many links match and `Link` (RFC 8288) names the `first`, `prev`, `next` and `last` pages. The last page has no `next`.
         */
        get: operations["listLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/link/byTarget/{targetUrl}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find the link for a page
         * @description The newest of your links whose target is this page. Letter case of the host, a trailing slash, the default port, the fragment and the order of query parameters do not matter; a page asked for with tracking parameters (utm_*, fbclid, gclid, …) is also found by its address without them. Used by the edge worker to give single-page apps their previews.
         */
        get: operations["getLinkByTarget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/links/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create many links at once
         * @description Up to 1000 links in one call, each checked and created on its own, in order, as `POST /api/link` would (an identical link the account has, or one earlier in the list, is answered as `existing`): the answer has a result for each, and one that fails does not stop the others. With `allOrNothing`, the first that fails undoes the links this call made and the answer is its error (400, 409 or 429), its fields named `links.<index>.<field>`. Each link made counts against the account's link limits; the call counts once against the key's. An `Idempotency-Key` makes a retry safe, as for `POST /api/link`.
         */
        post: operations["createLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/links/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export all the account's links
         * @description Every link of the account, oldest first, with its clicks and previews of all time, as a file to save (`Content-Disposition: attachment`): CSV with a header row (lists such as `tags` joined by commas, the player and app as JSON; cells a spreadsheet would run as formulas start with an apostrophe), or a JSON array of links as the other calls show them. One call, however many links: it counts once against the key's limits.
         */
        get: operations["exportLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/link/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a link
         * @description One of your links, by its id.
         */
        get: operations["getLink"];
        put?: never;
        post?: never;
        /**
         * Delete a link
         * @description The link, its QR code and its analytics go; its short link answers 404 from then on.
         */
        delete: operations["deleteLink"];
        options?: never;
        head?: never;
        /**
         * Change a link
         * @description Send only the fields to change; `isActive: false` pauses the link (it then answers 404).
         */
        patch: operations["updateLink"];
        trace?: never;
    };
    "/api/stats/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link's clicks, scans and previews
         * @description Paid plans only (403 on Free). The period defaults to the last 30 days.
         */
        get: operations["getLinkStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image
         * @description Send the image's bytes as the body, with its type as Content-Type. Answers 201 with its address on Linkcard, to give as a link's `ogImage`, a platform card's `ogImage` or a QR code's `logo`. The address names the image's content, so platforms that keep images by address see a changed image as new.
         */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is calling
         * @description The account the API key belongs to, with its plan, and the key's own name and scopes. Any key may call it.
         */
        get: operations["getCaller"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/domain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's custom domain
         * @description Its hostname and how its DNS and certificate checks stand; `hasCustomDomain: false` when it has none.
         */
        get: operations["getCustomDomain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Link: {
            /** @description The link id */
            id: string;
            /** @description Random 7-character path */
            slug: string;
            /** @description Custom path, or null when the slug is used */
            alias: string | null;
            /** @description The account's custom domain the link lives on; null for the service's own address */
            domain: string | null;
            /** @description Aliases the link had that still lead to it, oldest first; one of a custom domain written with it (go.example.com/launch) */
            formerAliases: string[];
            /** @description Names of the link's tags, A to Z */
            tags: string[];
            /** @description The short link */
            url: string;
            /** @description QR code of the short link (PNG; add ?format=svg for SVG) */
            qrCodeUrl: string;
            /** @description Where visitors are sent */
            targetUrl: string;
            /** @description Preview title */
            title: string;
            /** @description Preview description */
            description: string | null;
            /** @description Preview image URL */
            ogImage: string | null;
            /** @description Preview image described */
            ogImageAlt: string | null;
            /**
             * @description X card type
             * @enum {string}
             */
            twitterCard: "summary" | "summary_large_image" | "app" | "player";
            /** @description The player of a `player` card: its https address, width and height */
            twitterPlayer: {
                url: string;
                width: number;
                height: number;
            } | null;
            /** @description The app of an `app` card: its App Store and Google Play ids */
            twitterApp: {
                iphone: string | null;
                ipad: string | null;
                googleplay: string | null;
            } | null;
            /** @description Accent colour of the card (#rrggbb) */
            themeColor: string | null;
            /** @description Each platform's own card: platform (x, facebook, linkedin, slack, discord, whatsapp, imessage, telegram) → the title, description and image only its crawler gets, null where it gets the link's; null for none */
            platformCards: {
                [key: string]: {
                    title: string | null;
                    description: string | null;
                    ogImage: string | null;
                };
            } | null;
            /** @description A second card (title, description, image) crawlers get in turn with the link's own, to compare which brings more people; null for none */
            cardVariant: {
                title: string;
                description: string | null;
                ogImage: string | null;
            } | null;
            /**
             * @description The layout of the card image Linkcard makes while the link has no image; null for none
             * @enum {string|null}
             */
            cardImage: "classic" | "bold" | "minimal" | null;
            /** @description The card image Linkcard made, when the link uses one (a cardImage and no ogImage); its address changes with the card version */
            cardImageUrl: string | null;
            /** @description The version of what crawlers get: 1 for a new link, one more whenever its title, description, image or any other card field changes */
            cardVersion: number;
            /** @description Canonical URL crawlers are given; null means the target URL */
            canonicalUrl: string | null;
            /**
             * Format: date-time
             * @description When the link stops redirecting and answers 410; null for permanent
             */
            expiresAt: string | null;
            /** @description Where people go once the link has expired or reached its click limit; null for the 410 page */
            fallbackUrl: string | null;
            /** @description Where people on an iPhone, iPad or iPod go instead of the target; null for none. A device's URL comes before a country's */
            iosUrl: string | null;
            /** @description Where people on Android go instead of the target; null for none. A device's URL comes before a country's */
            androidUrl: string | null;
            /** @description Where people in a country go instead of the target: upper-case ISO 3166-1 alpha-2 code → URL; null for none. Used when the device has no URL of its own */
            geoTargets: {
                [key: string]: string;
            } | null;
            /** @description The targets people are split between, each with its whole weight; a person keeps one all day. Used when neither the device nor the country has a URL of its own; null for none */
            variants: {
                targetUrl: string;
                weight: number;
            }[] | null;
            /** @description Whether a person's query string is added to where they are sent; a parameter the URL already has keeps its value */
            forwardQuery: boolean;
            /** @description Whether people on iOS and Android without the app are sent to its store (from the link's app card) */
            appLink: boolean;
            /** @description Whether people must give a password before they are sent on */
            hasPassword: boolean;
            /** @description People's clicks sent to the target before the fallback takes over; null for no limit */
            clickLimit: number | null;
            /** @description Inactive links answer 404 */
            isActive: boolean;
            /** @description The link's history before it was imported (clicks here are counted apart from these); null for a link made here */
            importedFrom: {
                /**
                 * @description The service (or `csv` for any other file)
                 * @enum {string}
                 */
                source: "csv" | "bitly" | "shlink" | "kutt" | "yourls";
                /**
                 * Format: date-time
                 * @description When the link was made there; null when the file did not say
                 */
                createdAt: string | null;
                clicks: number | null;
            } | null;
            /** @description The scheduled check of the target (status, redirects, a sign-in page) and the card image (reachable, type and size within every platform's rules) */
            health: {
                /**
                 * @description `ok`: the target and card image answered as they should; `broken`: one did not (see reason); `unknown`: not checked since the link got its target and image
                 * @enum {string}
                 */
                status: "ok" | "broken" | "unknown";
                /** @description What is wrong, in a sentence; null when nothing is */
                reason: string | null;
                /**
                 * Format: date-time
                 * @description When the link was last checked; null before its first check
                 */
                checkedAt: string | null;
                /** @description Where the target led after its redirects at that check; null when it could not be reached */
                finalUrl: string | null;
            };
            /**
             * Format: date-time
             * @description When the link was made
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the link last changed
             */
            updatedAt: string;
        };
        NewLink: components["schemas"]["NewLinkWithTitle"] | components["schemas"]["NewLinkFromPage"];
        NewLinkWithTitle: {
            /**
             * Format: uri
             * @description Where visitors are sent (http or https, up to 2048 characters); not a short link of this service
             */
            targetUrl: string;
            /** @description Preview title (up to 200 characters, one line). Required unless useOriginalMeta is true */
            title: string;
            /** @description Preview description (up to 1000 characters; tabs and line breaks allowed) */
            description?: string | null;
            /** @description Custom path instead of the random slug: 3-50 letters, digits, hyphens and underscores, starting and ending with a letter or digit, unique in any letter case and not one of the paths the product serves (admin, api, docs, ...) */
            alias?: string | null;
            /** @description The account's verified custom domain the link lives on (its hostname), where its url, QR code and card answer and its alias is unique; null (or left out) for the service's own address. Moving a link keeps its old address working when formerAliases keeps it */
            domain?: string | null;
            /**
             * Format: uri
             * @description Preview image URL (http or https); 1200x630 suits every platform
             */
            ogImage?: string | null;
            /** @description Preview image described (up to 420 characters, one line) */
            ogImageAlt?: string | null;
            /**
             * @description X card type; a new link gets summary_large_image when none is given
             * @enum {string}
             */
            twitterCard?: "summary" | "summary_large_image" | "app" | "player";
            /** @description The video or audio player of a `player` card (required for one, with ogImage); null for none */
            twitterPlayer?: {
                /**
                 * Format: uri
                 * @description The player page, https only
                 */
                url: string;
                /** @description Player width in pixels */
                width: number;
                /** @description Player height in pixels */
                height: number;
            } | null;
            /** @description The app of an `app` card (required for one: at least one store id); null for none */
            twitterApp?: {
                /** @description App Store id of the iPhone app, the number in its App Store address */
                iphone?: string | null;
                /** @description App Store id of the iPad app; the iPhone one when left out */
                ipad?: string | null;
                /** @description Google Play package name, like com.example.app */
                googleplay?: string | null;
            } | null;
            /** @description Accent colour of the card as #rrggbb (Discord draws its embed bar in it); null for none */
            themeColor?: string | null;
            /** @description A card of its own for a platform's crawler, by platform (x, facebook, linkedin, slack, discord, whatsapp, imessage, telegram): the title, description or image only that platform gets, each falling back to the link's own when null or left out. Every other crawler gets the link's card. On a change the link gets exactly these; null (or {}) for none */
            platformCards?: {
                [key: string]: {
                    /** @description The title this platform shows instead of the link's (one line); null for the link's */
                    title?: string | null;
                    /** @description The description this platform shows instead of the link's; null for the link's */
                    description?: string | null;
                    /**
                     * Format: uri
                     * @description The image this platform shows instead of the link's (http or https); null for the link's
                     */
                    ogImage?: string | null;
                } | null;
            } | null;
            /** @description A card test: a second version of the link's card (a title, and a description and image or the link's own), which crawlers get in turn with the link's own card, one preview window (10 minutes) each. A person coming from a platform whose crawler last got a version is counted for it (`cardVariants` in the link's analytics), so the two can be compared. Platforms' own cards (platformCards) still apply on top of either. null for none */
            cardVariant?: {
                /** @description The second card's title */
                title: string;
                /** @description The second card's description; null for the link's */
                description?: string | null;
                /**
                 * Format: uri
                 * @description The second card's image (http or https); null for the link's
                 */
                ogImage?: string | null;
            } | null;
            /**
             * @description A 1200x630 card image Linkcard makes from the link's title, description, site and accent colour, in this layout (classic, bold, minimal), used while the link has no ogImage; null for none
             * @enum {string|null}
             */
            cardImage?: "classic" | "bold" | "minimal" | null;
            /**
             * Format: uri
             * @description Canonical URL for search engines (http or https; defaults to the target URL)
             */
            canonicalUrl?: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 date-time with a time zone (e.g. 2030-01-31T18:00:00Z), in the future, after which the link answers 410; null for permanent
             */
            expiresAt?: string | null;
            /**
             * Format: uri
             * @description Where people are sent once the link has expired or reached its click limit (http or https; not a short link of this service); null for the 410 page
             */
            fallbackUrl?: string | null;
            /**
             * Format: uri
             * @description Where people on an iPhone, iPad or iPod are sent instead of the target (http or https; not a short link of this service). People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none
             */
            iosUrl?: string | null;
            /**
             * Format: uri
             * @description Where people on Android are sent instead of the target (http or https; not a short link of this service). People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none
             */
            androidUrl?: string | null;
            /** @description Where people in a country are sent instead of the target: up to 50 countries, each by its ISO 3166-1 alpha-2 code in capitals (FR, US), to an http(s) URL that is no short link of this service. The country is the trusted proxy's country header (COUNTRY_HEADER), else the visitor's IPv4 address. People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null (or {}) for none */
            geoTargets?: {
                [key: string]: string;
            } | null;
            /** @description A split test: 2 to 4 targets, each with a whole weight, that people are sent to instead of the target, each by its share of the weights. A person keeps the same variant all day (from the day's visitor hash), and clicks are counted per variant (analytics' `variants`). To end the test, set the winner as targetUrl and variants to null. People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none */
            variants?: {
                /**
                 * Format: uri
                 * @description Where the people of this variant are sent (http or https; not a short link of this service)
                 */
                targetUrl: string;
                /** @description The variant's share of people: its weight over the sum of the weights */
                weight: number;
            }[] | null;
            /** @description Whether a person's query string is added to where they are sent (the target, a device's, a country's or the fallback URL): a parameter the URL already has keeps its value, the QR code's marker is not passed on, the URL's fragment stays. Crawlers' cards are the same either way. True unless set */
            forwardQuery?: boolean;
            /** @description Whether the link is the app's own: on a domain whose app files (apple-app-site-association, assetlinks.json) name the app, iOS and Android open the app themselves; people whose device did not (the app is not installed) are sent to its App Store or Google Play page, from the link's app card (twitterApp), before any device URL. Other devices get the target; crawlers the card. False unless set */
            appLink?: boolean;
            /** @description People's clicks the link sends to its target; later ones go to the fallback URL (or get the 410 page). null for no limit */
            clickLimit?: number | null;
            /** @description A password people must give before they are sent on (4 to 128 characters, spaces kept; stored only as an argon2id hash, never answered); link-preview crawlers still get the card. null for none */
            password?: string | null;
            /** @description The link's tags by name (up to 50, each 1 to 40 characters without commas, the same in any letter case): a name the account has no tag for yet becomes one. On a change, the link gets exactly these; unchanged when left out */
            tags?: string[];
            /**
             * @description False or left out: the link has the fields given, the title among them
             * @constant
             */
            useOriginalMeta?: false;
        };
        NewLinkFromPage: {
            /**
             * Format: uri
             * @description Where visitors are sent (http or https, up to 2048 characters); not a short link of this service
             */
            targetUrl: string;
            /** @description Preview title (up to 200 characters, one line). Required unless useOriginalMeta is true */
            title?: string;
            /** @description Preview description (up to 1000 characters; tabs and line breaks allowed) */
            description?: string | null;
            /** @description Custom path instead of the random slug: 3-50 letters, digits, hyphens and underscores, starting and ending with a letter or digit, unique in any letter case and not one of the paths the product serves (admin, api, docs, ...) */
            alias?: string | null;
            /** @description The account's verified custom domain the link lives on (its hostname), where its url, QR code and card answer and its alias is unique; null (or left out) for the service's own address. Moving a link keeps its old address working when formerAliases keeps it */
            domain?: string | null;
            /**
             * Format: uri
             * @description Preview image URL (http or https); 1200x630 suits every platform
             */
            ogImage?: string | null;
            /** @description Preview image described (up to 420 characters, one line) */
            ogImageAlt?: string | null;
            /**
             * @description X card type; a new link gets summary_large_image when none is given
             * @enum {string}
             */
            twitterCard?: "summary" | "summary_large_image" | "app" | "player";
            /** @description The video or audio player of a `player` card (required for one, with ogImage); null for none */
            twitterPlayer?: {
                /**
                 * Format: uri
                 * @description The player page, https only
                 */
                url: string;
                /** @description Player width in pixels */
                width: number;
                /** @description Player height in pixels */
                height: number;
            } | null;
            /** @description The app of an `app` card (required for one: at least one store id); null for none */
            twitterApp?: {
                /** @description App Store id of the iPhone app, the number in its App Store address */
                iphone?: string | null;
                /** @description App Store id of the iPad app; the iPhone one when left out */
                ipad?: string | null;
                /** @description Google Play package name, like com.example.app */
                googleplay?: string | null;
            } | null;
            /** @description Accent colour of the card as #rrggbb (Discord draws its embed bar in it); null for none */
            themeColor?: string | null;
            /** @description A card of its own for a platform's crawler, by platform (x, facebook, linkedin, slack, discord, whatsapp, imessage, telegram): the title, description or image only that platform gets, each falling back to the link's own when null or left out. Every other crawler gets the link's card. On a change the link gets exactly these; null (or {}) for none */
            platformCards?: {
                [key: string]: {
                    /** @description The title this platform shows instead of the link's (one line); null for the link's */
                    title?: string | null;
                    /** @description The description this platform shows instead of the link's; null for the link's */
                    description?: string | null;
                    /**
                     * Format: uri
                     * @description The image this platform shows instead of the link's (http or https); null for the link's
                     */
                    ogImage?: string | null;
                } | null;
            } | null;
            /** @description A card test: a second version of the link's card (a title, and a description and image or the link's own), which crawlers get in turn with the link's own card, one preview window (10 minutes) each. A person coming from a platform whose crawler last got a version is counted for it (`cardVariants` in the link's analytics), so the two can be compared. Platforms' own cards (platformCards) still apply on top of either. null for none */
            cardVariant?: {
                /** @description The second card's title */
                title: string;
                /** @description The second card's description; null for the link's */
                description?: string | null;
                /**
                 * Format: uri
                 * @description The second card's image (http or https); null for the link's
                 */
                ogImage?: string | null;
            } | null;
            /**
             * @description A 1200x630 card image Linkcard makes from the link's title, description, site and accent colour, in this layout (classic, bold, minimal), used while the link has no ogImage; null for none
             * @enum {string|null}
             */
            cardImage?: "classic" | "bold" | "minimal" | null;
            /**
             * Format: uri
             * @description Canonical URL for search engines (http or https; defaults to the target URL)
             */
            canonicalUrl?: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 date-time with a time zone (e.g. 2030-01-31T18:00:00Z), in the future, after which the link answers 410; null for permanent
             */
            expiresAt?: string | null;
            /**
             * Format: uri
             * @description Where people are sent once the link has expired or reached its click limit (http or https; not a short link of this service); null for the 410 page
             */
            fallbackUrl?: string | null;
            /**
             * Format: uri
             * @description Where people on an iPhone, iPad or iPod are sent instead of the target (http or https; not a short link of this service). People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none
             */
            iosUrl?: string | null;
            /**
             * Format: uri
             * @description Where people on Android are sent instead of the target (http or https; not a short link of this service). People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none
             */
            androidUrl?: string | null;
            /** @description Where people in a country are sent instead of the target: up to 50 countries, each by its ISO 3166-1 alpha-2 code in capitals (FR, US), to an http(s) URL that is no short link of this service. The country is the trusted proxy's country header (COUNTRY_HEADER), else the visitor's IPv4 address. People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null (or {}) for none */
            geoTargets?: {
                [key: string]: string;
            } | null;
            /** @description A split test: 2 to 4 targets, each with a whole weight, that people are sent to instead of the target, each by its share of the weights. A person keeps the same variant all day (from the day's visitor hash), and clicks are counted per variant (analytics' `variants`). To end the test, set the winner as targetUrl and variants to null. People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none */
            variants?: {
                /**
                 * Format: uri
                 * @description Where the people of this variant are sent (http or https; not a short link of this service)
                 */
                targetUrl: string;
                /** @description The variant's share of people: its weight over the sum of the weights */
                weight: number;
            }[] | null;
            /** @description Whether a person's query string is added to where they are sent (the target, a device's, a country's or the fallback URL): a parameter the URL already has keeps its value, the QR code's marker is not passed on, the URL's fragment stays. Crawlers' cards are the same either way. True unless set */
            forwardQuery?: boolean;
            /** @description Whether the link is the app's own: on a domain whose app files (apple-app-site-association, assetlinks.json) name the app, iOS and Android open the app themselves; people whose device did not (the app is not installed) are sent to its App Store or Google Play page, from the link's app card (twitterApp), before any device URL. Other devices get the target; crawlers the card. False unless set */
            appLink?: boolean;
            /** @description People's clicks the link sends to its target; later ones go to the fallback URL (or get the 410 page). null for no limit */
            clickLimit?: number | null;
            /** @description A password people must give before they are sent on (4 to 128 characters, spaces kept; stored only as an argon2id hash, never answered); link-preview crawlers still get the card. null for none */
            password?: string | null;
            /** @description The link's tags by name (up to 50, each 1 to 40 characters without commas, the same in any letter case): a name the account has no tag for yet becomes one. On a change, the link gets exactly these; unchanged when left out */
            tags?: string[];
            /**
             * @description Read the target page's own title, description, image and image alt text and use them for every field you leave out. The title then becomes optional; a page without one gets its host name. A page that cannot be read answers 400.
             * @constant
             */
            useOriginalMeta: true;
        };
        LinkChanges: {
            /**
             * Format: uri
             * @description Where visitors are sent (http or https, up to 2048 characters); not a short link of this service
             */
            targetUrl?: string;
            /** @description Preview title (up to 200 characters, one line) */
            title?: string;
            /** @description Preview description (up to 1000 characters; tabs and line breaks allowed) */
            description?: string | null;
            /** @description Custom path instead of the random slug: 3-50 letters, digits, hyphens and underscores, starting and ending with a letter or digit, unique in any letter case and not one of the paths the product serves (admin, api, docs, ...) */
            alias?: string | null;
            /** @description The account's verified custom domain the link lives on (its hostname), where its url, QR code and card answer and its alias is unique; null (or left out) for the service's own address. Moving a link keeps its old address working when formerAliases keeps it */
            domain?: string | null;
            /**
             * Format: uri
             * @description Preview image URL (http or https); 1200x630 suits every platform
             */
            ogImage?: string | null;
            /** @description Preview image described (up to 420 characters, one line) */
            ogImageAlt?: string | null;
            /**
             * @description X card type; a new link gets summary_large_image when none is given
             * @enum {string}
             */
            twitterCard?: "summary" | "summary_large_image" | "app" | "player";
            /** @description The video or audio player of a `player` card (required for one, with ogImage); null for none */
            twitterPlayer?: {
                /**
                 * Format: uri
                 * @description The player page, https only
                 */
                url: string;
                /** @description Player width in pixels */
                width: number;
                /** @description Player height in pixels */
                height: number;
            } | null;
            /** @description The app of an `app` card (required for one: at least one store id); null for none */
            twitterApp?: {
                /** @description App Store id of the iPhone app, the number in its App Store address */
                iphone?: string | null;
                /** @description App Store id of the iPad app; the iPhone one when left out */
                ipad?: string | null;
                /** @description Google Play package name, like com.example.app */
                googleplay?: string | null;
            } | null;
            /** @description Accent colour of the card as #rrggbb (Discord draws its embed bar in it); null for none */
            themeColor?: string | null;
            /** @description A card of its own for a platform's crawler, by platform (x, facebook, linkedin, slack, discord, whatsapp, imessage, telegram): the title, description or image only that platform gets, each falling back to the link's own when null or left out. Every other crawler gets the link's card. On a change the link gets exactly these; null (or {}) for none */
            platformCards?: {
                [key: string]: {
                    /** @description The title this platform shows instead of the link's (one line); null for the link's */
                    title?: string | null;
                    /** @description The description this platform shows instead of the link's; null for the link's */
                    description?: string | null;
                    /**
                     * Format: uri
                     * @description The image this platform shows instead of the link's (http or https); null for the link's
                     */
                    ogImage?: string | null;
                } | null;
            } | null;
            /** @description A card test: a second version of the link's card (a title, and a description and image or the link's own), which crawlers get in turn with the link's own card, one preview window (10 minutes) each. A person coming from a platform whose crawler last got a version is counted for it (`cardVariants` in the link's analytics), so the two can be compared. Platforms' own cards (platformCards) still apply on top of either. null for none */
            cardVariant?: {
                /** @description The second card's title */
                title: string;
                /** @description The second card's description; null for the link's */
                description?: string | null;
                /**
                 * Format: uri
                 * @description The second card's image (http or https); null for the link's
                 */
                ogImage?: string | null;
            } | null;
            /**
             * @description A 1200x630 card image Linkcard makes from the link's title, description, site and accent colour, in this layout (classic, bold, minimal), used while the link has no ogImage; null for none
             * @enum {string|null}
             */
            cardImage?: "classic" | "bold" | "minimal" | null;
            /**
             * Format: uri
             * @description Canonical URL for search engines (http or https; defaults to the target URL)
             */
            canonicalUrl?: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 date-time with a time zone (e.g. 2030-01-31T18:00:00Z), in the future, after which the link answers 410; null for permanent
             */
            expiresAt?: string | null;
            /**
             * Format: uri
             * @description Where people are sent once the link has expired or reached its click limit (http or https; not a short link of this service); null for the 410 page
             */
            fallbackUrl?: string | null;
            /**
             * Format: uri
             * @description Where people on an iPhone, iPad or iPod are sent instead of the target (http or https; not a short link of this service). People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none
             */
            iosUrl?: string | null;
            /**
             * Format: uri
             * @description Where people on Android are sent instead of the target (http or https; not a short link of this service). People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none
             */
            androidUrl?: string | null;
            /** @description Where people in a country are sent instead of the target: up to 50 countries, each by its ISO 3166-1 alpha-2 code in capitals (FR, US), to an http(s) URL that is no short link of this service. The country is the trusted proxy's country header (COUNTRY_HEADER), else the visitor's IPv4 address. People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null (or {}) for none */
            geoTargets?: {
                [key: string]: string;
            } | null;
            /** @description A split test: 2 to 4 targets, each with a whole weight, that people are sent to instead of the target, each by its share of the weights. A person keeps the same variant all day (from the day's visitor hash), and clicks are counted per variant (analytics' `variants`). To end the test, set the winner as targetUrl and variants to null. People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none */
            variants?: {
                /**
                 * Format: uri
                 * @description Where the people of this variant are sent (http or https; not a short link of this service)
                 */
                targetUrl: string;
                /** @description The variant's share of people: its weight over the sum of the weights */
                weight: number;
            }[] | null;
            /** @description Whether a person's query string is added to where they are sent (the target, a device's, a country's or the fallback URL): a parameter the URL already has keeps its value, the QR code's marker is not passed on, the URL's fragment stays. Crawlers' cards are the same either way. True unless set */
            forwardQuery?: boolean;
            /** @description Whether the link is the app's own: on a domain whose app files (apple-app-site-association, assetlinks.json) name the app, iOS and Android open the app themselves; people whose device did not (the app is not installed) are sent to its App Store or Google Play page, from the link's app card (twitterApp), before any device URL. Other devices get the target; crawlers the card. False unless set */
            appLink?: boolean;
            /** @description People's clicks the link sends to its target; later ones go to the fallback URL (or get the 410 page). null for no limit */
            clickLimit?: number | null;
            /** @description A password people must give before they are sent on (4 to 128 characters, spaces kept; stored only as an argon2id hash, never answered); link-preview crawlers still get the card. null for none */
            password?: string | null;
            /** @description The link's tags by name (up to 50, each 1 to 40 characters without commas, the same in any letter case): a name the account has no tag for yet becomes one. On a change, the link gets exactly these; unchanged when left out */
            tags?: string[];
            /** @description Inactive links answer 404 */
            isActive?: boolean;
            /** @description The old aliases that keep leading to this link (up to 10), each one it has had: the alias it had before this change, to keep it when changing or removing the alias or moving the link to another domain, or any of its formerAliases; those left out stop working. An alias of a custom domain is written with it, as go.example.com/launch. Unchanged when left out */
            formerAliases?: string[];
        };
        CreatedLink: {
            /** @description The short link */
            url: string;
            /** @description QR code of the short link (PNG; add ?format=svg for SVG) */
            qrCodeUrl: string;
            /** @description The link id, for the other calls */
            id: string;
            /** @description Random 7-character path */
            slug: string;
            /** @description true when the account already had an identical link (same target page however spelled, same title, description, image, image alt text, card type with its player or app, theme colour, canonical URL, expiry, fallback, click limit, device and country URLs, query forwarding, app link and domain, no password, the same alias when one was asked for, and still active): that link is answered, with 200 */
            existing: boolean;
        };
        LinkByTarget: {
            /** @description The link id */
            id: string;
            /** @description Where visitors are sent */
            targetUrl: string;
            /** @description Preview title */
            title: string;
            /** @description Preview description */
            description: string | null;
            /** @description Preview image URL */
            ogImage: string | null;
            /** @description Preview image described */
            ogImageAlt: string | null;
            ogImageWidth: number | null;
            ogImageHeight: number | null;
            /** @description The preview image's media type (image/png, image/jpeg...); null until read, or when it could not be */
            ogImageType: string | null;
            /**
             * @description X card type
             * @enum {string}
             */
            twitterCard: "summary" | "summary_large_image" | "app" | "player";
            /** @description The player of a `player` card: its https address, width and height */
            twitterPlayer: {
                url: string;
                width: number;
                height: number;
            } | null;
            /** @description The app of an `app` card: its App Store and Google Play ids */
            twitterApp: {
                iphone: string | null;
                ipad: string | null;
                googleplay: string | null;
            } | null;
            /** @description Accent colour of the card (#rrggbb) */
            themeColor: string | null;
            /** @description Each platform's own card: platform (x, facebook, linkedin, slack, discord, whatsapp, imessage, telegram) → the title, description and image only its crawler gets, null where it gets the link's; null for none */
            platformCards: {
                [key: string]: {
                    title: string | null;
                    description: string | null;
                    ogImage: string | null;
                };
            } | null;
            /** @description The card image Linkcard made, when the link uses one (a cardImage and no ogImage); its address changes with the card version */
            cardImageUrl: string | null;
            /** @description Inactive links answer 404 */
            isActive: boolean;
        };
        LinkStats: {
            linkId: string;
            /** @description Clicks since the link was made */
            totalClicks: number;
            /** @description Clicks from the link's QR code since the link was made, counted among totalClicks */
            totalScans: number;
            /** @description Previews (crawler fetches) since the link was made */
            totalPreviews: number;
            /** @description Clicks from `from` to `to` */
            clicksInPeriod: number;
            /** @description Scans (clicks from the QR code) from `from` to `to` */
            scansInPeriod: number;
            /** @description Previews from `from` to `to` */
            previewsInPeriod: number;
            /** @description First day of the period (UTC) */
            from: string;
            /** @description Last day of the period (UTC), included */
            to: string;
            /** @description The 50 newest events of the period, newest first */
            recentEvents: {
                /**
                 * @description click (a person) or preview (a crawler)
                 * @default click
                 * @enum {string}
                 */
                type: "click" | "preview";
                /** @description A click from the link's QR code */
                isScan: boolean;
                /** Format: date-time */
                occurredAt: string;
                /** @description The crawler's platform, for previews (facebook, x, linkedin, ...) */
                platform: string | null;
                /** @description A card served to a request that claimed the platform's crawler from an address not the platform's: not counted among the previews */
                unverified: boolean;
                /** @description The referring site, for clicks */
                referrerHost: string | null;
                /** @description ISO country code, when known */
                country: string | null;
                /** @description desktop, mobile, tablet, other (TVs, consoles) or bot (crawlers), when known */
                device: string | null;
            }[];
            /** @description Previews of the period by platform, most first; verified and unverified apart */
            previewsByPlatform: {
                /** @description The crawler platform (facebook, x, linkedin, whatsapp, ...) */
                platform: string;
                /**
                 * @description How the platform's crawler is told from an impostor: its address ranges, or reverse DNS confirmed forward; null when it cannot be (previews made on the sender's device, or by servers nobody lists)
                 * @enum {string|null}
                 */
                verifiedBy: "ranges" | "reverse-dns" | null;
                /** @description Previews counted: each from the platform's own address where verifiedBy names how */
                previews: number;
                /** @description Cards served to requests that claimed the platform's crawler from an address not the platform's: never counted */
                unverified: number;
            }[];
            /** @description Clicks of the period sent to each of the link's variants, in the link's order; only for a link with variants */
            variants?: {
                targetUrl: string;
                clicks: number;
            }[];
            /** @description A card test's two versions with their previews and the clicks each brought in the period; only for a link with a cardVariant */
            cardVariants?: {
                /**
                 * @description a: the link's own card; b: its cardVariant
                 * @enum {string}
                 */
                version: "a" | "b";
                /** @description The version's title */
                title: string;
                /** @description Previews of the period that served this version */
                previews: number;
                /** @description People's clicks of the period from a platform whose crawler had last read this version */
                clicks: number;
            }[];
        };
        Error: {
            /** @description What went wrong, in words for people */
            message: string;
            /** @description Field-level problems of a 400 */
            errors?: {
                field: string;
                message: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Requests allowed in the tightest window (100/minute per key; 1000/hour and 10000/day per account, across all its keys); without a valid key, the calls with invalid keys allowed from the address (20 in 10 minutes) */
        "X-RateLimit-Limit": number;
        /** @description Requests left in that window */
        "X-RateLimit-Remaining": number;
        /** @description When that window resets (Unix time, seconds) */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before trying again */
        "Retry-After": number;
        /** @description How many links match, over all pages */
        "X-Total-Count": number;
        /** @description RFC 8288 links to the `first`, `prev`, `next` and `last` pages, as references relative to the host called, e.g. `</api/links?limit=50&page=2>; rel="next"`. No `next` on the last page. */
        Link: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /**
                         * @description Present when REDIS_URL is set and Redis does not answer
                         * @constant
                         */
                        redis?: "unreachable";
                        /** @description The release this instance runs (package.json's version), as the changelog names it */
                        version: string;
                    };
                };
            };
            /** @description A request no server could read (a Host header that names no host) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The database does not answer */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
        };
    };
    getQrCode: {
        parameters: {
            query?: {
                format?: "png" | "svg";
                foreground?: string;
                background?: string;
                margin?: number;
                errorCorrection?: "L" | "M" | "Q" | "H";
                size?: number;
                logo?: string;
            };
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The QR code */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/svg+xml": string;
                };
            };
            /** @description Not modified since the ETag sent in If-None-Match */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid (`errors` names it), the colours contrast too little, or the logo cannot be used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No active link has this path */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 120 codes not drawn before were asked for from one address in a minute; wait Retry-After seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createLink: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewLink"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedLink"];
                };
            };
            /** @description Response for status 201 */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedLink"];
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The alias is taken by another link, or a call with the same Idempotency-Key is still running */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the server takes (MAX_BODY_BYTES, 1 MB unless set; an image, 10 MB or 25 megapixels) */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was sent with another body in the last 24 hours */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLinks: {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
                search?: string;
                status?: "all" | "active" | "inactive";
                tag?: string;
                health?: "broken" | "ok";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Link"][];
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLinkByTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                targetUrl: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkByTarget"];
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such link in your account */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createLinks: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The links to create (1 to 1000), each as for a single create but without useOriginalMeta; the whole body counts against MAX_BODY_BYTES (1 MB unless set) */
                    links: {
                        /**
                         * Format: uri
                         * @description Where visitors are sent (http or https, up to 2048 characters); not a short link of this service
                         */
                        targetUrl: string;
                        /** @description Preview title (up to 200 characters, one line) */
                        title: string;
                        /** @description Preview description (up to 1000 characters; tabs and line breaks allowed) */
                        description?: string | null;
                        /** @description Custom path instead of the random slug: 3-50 letters, digits, hyphens and underscores, starting and ending with a letter or digit, unique in any letter case and not one of the paths the product serves (admin, api, docs, ...) */
                        alias?: string | null;
                        /** @description The account's verified custom domain the link lives on (its hostname), where its url, QR code and card answer and its alias is unique; null (or left out) for the service's own address. Moving a link keeps its old address working when formerAliases keeps it */
                        domain?: string | null;
                        /**
                         * Format: uri
                         * @description Preview image URL (http or https); 1200x630 suits every platform
                         */
                        ogImage?: string | null;
                        /** @description Preview image described (up to 420 characters, one line) */
                        ogImageAlt?: string | null;
                        /**
                         * @description X card type; a new link gets summary_large_image when none is given
                         * @enum {string}
                         */
                        twitterCard?: "summary" | "summary_large_image" | "app" | "player";
                        /** @description The video or audio player of a `player` card (required for one, with ogImage); null for none */
                        twitterPlayer?: {
                            /**
                             * Format: uri
                             * @description The player page, https only
                             */
                            url: string;
                            /** @description Player width in pixels */
                            width: number;
                            /** @description Player height in pixels */
                            height: number;
                        } | null;
                        /** @description The app of an `app` card (required for one: at least one store id); null for none */
                        twitterApp?: {
                            /** @description App Store id of the iPhone app, the number in its App Store address */
                            iphone?: string | null;
                            /** @description App Store id of the iPad app; the iPhone one when left out */
                            ipad?: string | null;
                            /** @description Google Play package name, like com.example.app */
                            googleplay?: string | null;
                        } | null;
                        /** @description Accent colour of the card as #rrggbb (Discord draws its embed bar in it); null for none */
                        themeColor?: string | null;
                        /** @description A card of its own for a platform's crawler, by platform (x, facebook, linkedin, slack, discord, whatsapp, imessage, telegram): the title, description or image only that platform gets, each falling back to the link's own when null or left out. Every other crawler gets the link's card. On a change the link gets exactly these; null (or {}) for none */
                        platformCards?: {
                            [key: string]: {
                                /** @description The title this platform shows instead of the link's (one line); null for the link's */
                                title?: string | null;
                                /** @description The description this platform shows instead of the link's; null for the link's */
                                description?: string | null;
                                /**
                                 * Format: uri
                                 * @description The image this platform shows instead of the link's (http or https); null for the link's
                                 */
                                ogImage?: string | null;
                            } | null;
                        } | null;
                        /** @description A card test: a second version of the link's card (a title, and a description and image or the link's own), which crawlers get in turn with the link's own card, one preview window (10 minutes) each. A person coming from a platform whose crawler last got a version is counted for it (`cardVariants` in the link's analytics), so the two can be compared. Platforms' own cards (platformCards) still apply on top of either. null for none */
                        cardVariant?: {
                            /** @description The second card's title */
                            title: string;
                            /** @description The second card's description; null for the link's */
                            description?: string | null;
                            /**
                             * Format: uri
                             * @description The second card's image (http or https); null for the link's
                             */
                            ogImage?: string | null;
                        } | null;
                        /**
                         * @description A 1200x630 card image Linkcard makes from the link's title, description, site and accent colour, in this layout (classic, bold, minimal), used while the link has no ogImage; null for none
                         * @enum {string|null}
                         */
                        cardImage?: "classic" | "bold" | "minimal" | null;
                        /**
                         * Format: uri
                         * @description Canonical URL for search engines (http or https; defaults to the target URL)
                         */
                        canonicalUrl?: string | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339 date-time with a time zone (e.g. 2030-01-31T18:00:00Z), in the future, after which the link answers 410; null for permanent
                         */
                        expiresAt?: string | null;
                        /**
                         * Format: uri
                         * @description Where people are sent once the link has expired or reached its click limit (http or https; not a short link of this service); null for the 410 page
                         */
                        fallbackUrl?: string | null;
                        /**
                         * Format: uri
                         * @description Where people on an iPhone, iPad or iPod are sent instead of the target (http or https; not a short link of this service). People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none
                         */
                        iosUrl?: string | null;
                        /**
                         * Format: uri
                         * @description Where people on Android are sent instead of the target (http or https; not a short link of this service). People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none
                         */
                        androidUrl?: string | null;
                        /** @description Where people in a country are sent instead of the target: up to 50 countries, each by its ISO 3166-1 alpha-2 code in capitals (FR, US), to an http(s) URL that is no short link of this service. The country is the trusted proxy's country header (COUNTRY_HEADER), else the visitor's IPv4 address. People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null (or {}) for none */
                        geoTargets?: {
                            [key: string]: string;
                        } | null;
                        /** @description A split test: 2 to 4 targets, each with a whole weight, that people are sent to instead of the target, each by its share of the weights. A person keeps the same variant all day (from the day's visitor hash), and clicks are counted per variant (analytics' `variants`). To end the test, set the winner as targetUrl and variants to null. People (and search engines and HTTP clients, which get the person's redirect) go to the iOS or Android URL when their device has one, else to their country's URL, else to their variant's target where the link has variants, else to the target; the expiry and click limit still send them to the fallback, and crawlers still get the card. null for none */
                        variants?: {
                            /**
                             * Format: uri
                             * @description Where the people of this variant are sent (http or https; not a short link of this service)
                             */
                            targetUrl: string;
                            /** @description The variant's share of people: its weight over the sum of the weights */
                            weight: number;
                        }[] | null;
                        /** @description Whether a person's query string is added to where they are sent (the target, a device's, a country's or the fallback URL): a parameter the URL already has keeps its value, the QR code's marker is not passed on, the URL's fragment stays. Crawlers' cards are the same either way. True unless set */
                        forwardQuery?: boolean;
                        /** @description Whether the link is the app's own: on a domain whose app files (apple-app-site-association, assetlinks.json) name the app, iOS and Android open the app themselves; people whose device did not (the app is not installed) are sent to its App Store or Google Play page, from the link's app card (twitterApp), before any device URL. Other devices get the target; crawlers the card. False unless set */
                        appLink?: boolean;
                        /** @description People's clicks the link sends to its target; later ones go to the fallback URL (or get the 410 page). null for no limit */
                        clickLimit?: number | null;
                        /** @description A password people must give before they are sent on (4 to 128 characters, spaces kept; stored only as an argon2id hash, never answered); link-preview crawlers still get the card. null for none */
                        password?: string | null;
                        /** @description The link's tags by name (up to 50, each 1 to 40 characters without commas, the same in any letter case): a name the account has no tag for yet becomes one. On a change, the link gets exactly these; unchanged when left out */
                        tags?: string[];
                    }[];
                    /** @description When true, one link that cannot be created leaves none created: the answer is then the error of the first, its fields named `links.<index>.<field>` */
                    allOrNothing?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many links were made */
                        created: number;
                        /** @description How many were identical to links the account had (or to one earlier in the list) */
                        existing: number;
                        /** @description How many could not be created */
                        failed: number;
                        /** @description One result per link asked for, in the same order */
                        results: {
                            /** @enum {string} */
                            status: "created" | "existing" | "failed";
                            /** @description The link made or found; not on a failure */
                            link?: {
                                /** @description The short link */
                                url: string;
                                /** @description QR code of the short link (PNG; add ?format=svg for SVG) */
                                qrCodeUrl: string;
                                /** @description The link id, for the other calls */
                                id: string;
                                /** @description Random 7-character path */
                                slug: string;
                            };
                            /** @description Why it failed */
                            message?: string;
                            /** @description The fields that failed, as in a 400 */
                            errors?: {
                                field: string;
                                message: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The alias is taken by another link, or a call with the same Idempotency-Key is still running */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the server takes (MAX_BODY_BYTES, 1 MB unless set; an image, 10 MB or 25 megapixels) */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was sent with another body in the last 24 hours */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportLinks: {
        parameters: {
            query?: {
                format?: "csv" | "json";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links, oldest first */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The link id */
                        id: string;
                        /** @description Random 7-character path */
                        slug: string;
                        /** @description Custom path, or null when the slug is used */
                        alias: string | null;
                        /** @description The account's custom domain the link lives on; null for the service's own address */
                        domain: string | null;
                        /** @description Aliases the link had that still lead to it, oldest first; one of a custom domain written with it (go.example.com/launch) */
                        formerAliases: string[];
                        /** @description Names of the link's tags, A to Z */
                        tags: string[];
                        /** @description The short link */
                        url: string;
                        /** @description QR code of the short link (PNG; add ?format=svg for SVG) */
                        qrCodeUrl: string;
                        /** @description Where visitors are sent */
                        targetUrl: string;
                        /** @description Preview title */
                        title: string;
                        /** @description Preview description */
                        description: string | null;
                        /** @description Preview image URL */
                        ogImage: string | null;
                        /** @description Preview image described */
                        ogImageAlt: string | null;
                        /**
                         * @description X card type
                         * @enum {string}
                         */
                        twitterCard: "summary" | "summary_large_image" | "app" | "player";
                        /** @description The player of a `player` card: its https address, width and height */
                        twitterPlayer: {
                            url: string;
                            width: number;
                            height: number;
                        } | null;
                        /** @description The app of an `app` card: its App Store and Google Play ids */
                        twitterApp: {
                            iphone: string | null;
                            ipad: string | null;
                            googleplay: string | null;
                        } | null;
                        /** @description Accent colour of the card (#rrggbb) */
                        themeColor: string | null;
                        /** @description Each platform's own card: platform (x, facebook, linkedin, slack, discord, whatsapp, imessage, telegram) → the title, description and image only its crawler gets, null where it gets the link's; null for none */
                        platformCards: {
                            [key: string]: {
                                title: string | null;
                                description: string | null;
                                ogImage: string | null;
                            };
                        } | null;
                        /** @description A second card (title, description, image) crawlers get in turn with the link's own, to compare which brings more people; null for none */
                        cardVariant: {
                            title: string;
                            description: string | null;
                            ogImage: string | null;
                        } | null;
                        /**
                         * @description The layout of the card image Linkcard makes while the link has no image; null for none
                         * @enum {string|null}
                         */
                        cardImage: "classic" | "bold" | "minimal" | null;
                        /** @description The card image Linkcard made, when the link uses one (a cardImage and no ogImage); its address changes with the card version */
                        cardImageUrl: string | null;
                        /** @description The version of what crawlers get: 1 for a new link, one more whenever its title, description, image or any other card field changes */
                        cardVersion: number;
                        /** @description Canonical URL crawlers are given; null means the target URL */
                        canonicalUrl: string | null;
                        /**
                         * Format: date-time
                         * @description When the link stops redirecting and answers 410; null for permanent
                         */
                        expiresAt: string | null;
                        /** @description Where people go once the link has expired or reached its click limit; null for the 410 page */
                        fallbackUrl: string | null;
                        /** @description Where people on an iPhone, iPad or iPod go instead of the target; null for none. A device's URL comes before a country's */
                        iosUrl: string | null;
                        /** @description Where people on Android go instead of the target; null for none. A device's URL comes before a country's */
                        androidUrl: string | null;
                        /** @description Where people in a country go instead of the target: upper-case ISO 3166-1 alpha-2 code → URL; null for none. Used when the device has no URL of its own */
                        geoTargets: {
                            [key: string]: string;
                        } | null;
                        /** @description The targets people are split between, each with its whole weight; a person keeps one all day. Used when neither the device nor the country has a URL of its own; null for none */
                        variants: {
                            targetUrl: string;
                            weight: number;
                        }[] | null;
                        /** @description Whether a person's query string is added to where they are sent; a parameter the URL already has keeps its value */
                        forwardQuery: boolean;
                        /** @description Whether people on iOS and Android without the app are sent to its store (from the link's app card) */
                        appLink: boolean;
                        /** @description Whether people must give a password before they are sent on */
                        hasPassword: boolean;
                        /** @description People's clicks sent to the target before the fallback takes over; null for no limit */
                        clickLimit: number | null;
                        /** @description Inactive links answer 404 */
                        isActive: boolean;
                        /** @description The link's history before it was imported (clicks here are counted apart from these); null for a link made here */
                        importedFrom: {
                            /**
                             * @description The service (or `csv` for any other file)
                             * @enum {string}
                             */
                            source: "csv" | "bitly" | "shlink" | "kutt" | "yourls";
                            /**
                             * Format: date-time
                             * @description When the link was made there; null when the file did not say
                             */
                            createdAt: string | null;
                            clicks: number | null;
                        } | null;
                        /** @description The scheduled check of the target (status, redirects, a sign-in page) and the card image (reachable, type and size within every platform's rules) */
                        health: {
                            /**
                             * @description `ok`: the target and card image answered as they should; `broken`: one did not (see reason); `unknown`: not checked since the link got its target and image
                             * @enum {string}
                             */
                            status: "ok" | "broken" | "unknown";
                            /** @description What is wrong, in a sentence; null when nothing is */
                            reason: string | null;
                            /**
                             * Format: date-time
                             * @description When the link was last checked; null before its first check
                             */
                            checkedAt: string | null;
                            /** @description Where the target led after its redirects at that check; null when it could not be reached */
                            finalUrl: string | null;
                        };
                        /**
                         * Format: date-time
                         * @description When the link was made
                         */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description When the link last changed
                         */
                        updatedAt: string;
                        /** @description Clicks of all time */
                        clicks: number;
                        /** @description Clicks from the link's QR code of all time, counted among the clicks */
                        scans: number;
                        /** @description Previews of all time */
                        previews: number;
                    }[];
                    "text/csv": string;
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Link"];
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such link in your account */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such link in your account */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkChanges"];
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Link"];
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such link in your account */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The alias is taken by another link, or a call with the same Idempotency-Key is still running */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the server takes (MAX_BODY_BYTES, 1 MB unless set; an image, 10 MB or 25 megapixels) */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLinkStats: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkStats"];
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such link in your account */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadImage: {
        parameters: {
            query?: {
                purpose?: "card" | "logo";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The image's bytes: PNG, JPEG or WebP, up to 10 MB. Its metadata (camera, place) is not kept. */
        requestBody: {
            content: {
                "image/png": string;
                "image/jpeg": string;
                "image/webp": string;
            };
        };
        responses: {
            /** @description An uploaded image as Linkcard stored it */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /**
                         * Format: uri
                         * @description The image's address on Linkcard: give it as a link's `ogImage`, a platform card's image, or a QR code's `logo`
                         */
                        url: string;
                        /**
                         * @default card
                         * @enum {string}
                         */
                        purpose: "card" | "logo";
                        /**
                         * @default image/jpeg
                         * @enum {string}
                         */
                        contentType: "image/jpeg" | "image/png";
                        width: number;
                        height: number;
                        /** @description Bytes */
                        size: number;
                    };
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the server takes (MAX_BODY_BYTES, 1 MB unless set; an image, 10 MB or 25 megapixels) */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not a PNG, JPEG or WebP image */
            415: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCaller: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account and the key */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            id: string;
                            /** @description The workspace's name */
                            name: string;
                            /**
                             * @description The account's plan
                             * @default free
                             * @enum {string}
                             */
                            plan: "free" | "indie" | "pro" | "enterprise";
                        };
                        key: {
                            id: string;
                            /** @description The name the key was given */
                            name: string;
                            /** @description What the key may do; null for every scope */
                            scopes: ("links:read" | "links:write" | "analytics:read" | "domains:read")[] | null;
                        };
                    };
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        hasCustomDomain: boolean;
                        hostname: string | null;
                        /**
                         * @description DNS: 'active' once the TXT and CNAME records check out; 'paused' while a verified domain's records are gone (its links answer 404 there)
                         * @default pending
                         * @enum {string|null}
                         */
                        status: "pending" | "active" | "paused" | null;
                        /**
                         * @description 'active' once a valid certificate is served
                         * @default pending
                         * @enum {string|null}
                         */
                        sslStatus: "pending" | "active" | null;
                        verificationErrors: {
                            message: string;
                        }[] | null;
                        ownershipVerification: {
                            name: string;
                            value: string;
                            /** @constant */
                            type: "TXT";
                        } | null;
                        cnameRecord: {
                            name: string;
                            value: string;
                            /** @constant */
                            type: "CNAME";
                        } | null;
                        /** Format: date-time */
                        lastCheckedAt: string | null;
                    };
                };
            };
            /** @description Invalid input; `errors` names the fields */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API key, or an unknown or revoked one */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed on your plan, or the API key lacks the scope the call needs (the message names it) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached, or 20 calls with an invalid key from one address in 10 minutes; wait Retry-After seconds */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
