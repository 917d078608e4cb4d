package linkcard

import (
	"encoding/json"
	"time"
)

// The shapes of the API's JSON, as the OpenAPI document (/api/openapi.json) names them; a test holds
// each struct's json names to the document's properties. A null of the API is the empty string of a
// string field, and nil for the rest.

// Link is a short link as the API answers it.
type Link struct {
	ID    string `json:"id"`
	Slug  string `json:"slug"` // the random 7-character path
	Alias string `json:"alias"`
	// Domain is the account's custom domain the link lives on; empty for the service's own address.
	Domain        string                  `json:"domain"`
	FormerAliases []string                `json:"formerAliases"`
	Tags          []string                `json:"tags"`
	URL           string                  `json:"url"` // the short link
	QRCodeURL     string                  `json:"qrCodeUrl"`
	TargetURL     string                  `json:"targetUrl"`
	Title         string                  `json:"title"`
	Description   string                  `json:"description"`
	OGImage       string                  `json:"ogImage"`
	OGImageAlt    string                  `json:"ogImageAlt"`
	TwitterCard   string                  `json:"twitterCard"` // summary, summary_large_image, app or player
	TwitterPlayer *TwitterPlayer          `json:"twitterPlayer"`
	TwitterApp    *TwitterApp             `json:"twitterApp"`
	ThemeColor    string                  `json:"themeColor"`
	PlatformCards map[string]PlatformCard `json:"platformCards"`
	CardVariant   *CardVariant            `json:"cardVariant"`
	CardImage     string                  `json:"cardImage"` // classic, bold or minimal
	CardImageURL  string                  `json:"cardImageUrl"`
	CardVersion   int                     `json:"cardVersion"`
	CanonicalURL  string                  `json:"canonicalUrl"`
	ExpiresAt     *time.Time              `json:"expiresAt"`
	FallbackURL   string                  `json:"fallbackUrl"`
	IOSURL        string                  `json:"iosUrl"`
	AndroidURL    string                  `json:"androidUrl"`
	GeoTargets    map[string]string       `json:"geoTargets"`
	Variants      []Variant               `json:"variants"`
	ForwardQuery  bool                    `json:"forwardQuery"`
	AppLink       bool                    `json:"appLink"`
	HasPassword   bool                    `json:"hasPassword"`
	ClickLimit    *int                    `json:"clickLimit"`
	IsActive      bool                    `json:"isActive"`
	ImportedFrom  *ImportedFrom           `json:"importedFrom"`
	Health        LinkHealth              `json:"health"`
	CreatedAt     time.Time               `json:"createdAt"`
	UpdatedAt     time.Time               `json:"updatedAt"`
}

// TwitterPlayer is the player of a `player` card.
type TwitterPlayer struct {
	URL    string `json:"url"` // https only
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// TwitterApp is the app of an `app` card: its App Store and Google Play ids.
type TwitterApp struct {
	IPhone     string `json:"iphone,omitempty"`
	IPad       string `json:"ipad,omitempty"`
	GooglePlay string `json:"googleplay,omitempty"`
}

// PlatformCard is what one platform's crawler gets instead of the link's own card; an empty field
// falls back to the link's.
type PlatformCard struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	OGImage     string `json:"ogImage,omitempty"`
}

// CardVariant is a second card crawlers get in turn with the link's own, to compare the two.
type CardVariant struct {
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	OGImage     string `json:"ogImage,omitempty"`
}

// Variant is one target of a split test, with its whole weight.
type Variant struct {
	TargetURL string `json:"targetUrl"`
	Weight    int    `json:"weight"`
}

// ImportedFrom is a link's history from the service it was imported from.
type ImportedFrom struct {
	Source    string     `json:"source"` // csv, bitly, shlink, kutt or yourls
	CreatedAt *time.Time `json:"createdAt"`
	Clicks    *int       `json:"clicks"`
}

// LinkHealth is the scheduled check of a link's target and card image.
type LinkHealth struct {
	Status    string     `json:"status"` // ok, broken or unknown
	Reason    string     `json:"reason"`
	CheckedAt *time.Time `json:"checkedAt"`
	FinalURL  string     `json:"finalUrl"`
}

// NewLink is a link to create. It needs TargetURL and Title, unless UseOriginalMeta reads the title
// (and every field left out) from the target page. Fields left at their zero value are not sent.
type NewLink struct {
	TargetURL   string `json:"targetUrl"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	// Alias is a custom path instead of the random slug (3-50 letters, digits, - and _).
	Alias         string                  `json:"alias,omitempty"`
	Domain        string                  `json:"domain,omitempty"`
	OGImage       string                  `json:"ogImage,omitempty"`
	OGImageAlt    string                  `json:"ogImageAlt,omitempty"`
	TwitterCard   string                  `json:"twitterCard,omitempty"`
	TwitterPlayer *TwitterPlayer          `json:"twitterPlayer,omitempty"`
	TwitterApp    *TwitterApp             `json:"twitterApp,omitempty"`
	ThemeColor    string                  `json:"themeColor,omitempty"`
	PlatformCards map[string]PlatformCard `json:"platformCards,omitempty"`
	CardVariant   *CardVariant            `json:"cardVariant,omitempty"`
	CardImage     string                  `json:"cardImage,omitempty"`
	CanonicalURL  string                  `json:"canonicalUrl,omitempty"`
	ExpiresAt     *time.Time              `json:"expiresAt,omitempty"`
	FallbackURL   string                  `json:"fallbackUrl,omitempty"`
	IOSURL        string                  `json:"iosUrl,omitempty"`
	AndroidURL    string                  `json:"androidUrl,omitempty"`
	GeoTargets    map[string]string       `json:"geoTargets,omitempty"`
	Variants      []Variant               `json:"variants,omitempty"`
	// ForwardQuery is true unless set: a visitor's query string is added to where they are sent.
	ForwardQuery    *bool    `json:"forwardQuery,omitempty"`
	AppLink         bool     `json:"appLink,omitempty"`
	ClickLimit      int      `json:"clickLimit,omitempty"`
	Password        string   `json:"password,omitempty"`
	Tags            []string `json:"tags,omitempty"`
	UseOriginalMeta bool     `json:"useOriginalMeta,omitempty"`
}

// NewLinks is a bulk create: up to 1000 links, each created on its own unless AllOrNothing.
type NewLinks struct {
	Links []NewLink `json:"links"`
	// AllOrNothing undoes the call's links at the first that fails, and answers its error.
	AllOrNothing bool `json:"allOrNothing,omitempty"`
}

// LinkChanges is a change to a link: only the fields set are sent. To remove a value (an alias, an
// expiry, a click limit), name its JSON field in Clear; it is sent as null.
type LinkChanges struct {
	TargetURL     string                  `json:"targetUrl,omitempty"`
	Title         string                  `json:"title,omitempty"`
	Description   string                  `json:"description,omitempty"`
	Alias         string                  `json:"alias,omitempty"`
	Domain        string                  `json:"domain,omitempty"`
	OGImage       string                  `json:"ogImage,omitempty"`
	OGImageAlt    string                  `json:"ogImageAlt,omitempty"`
	TwitterCard   string                  `json:"twitterCard,omitempty"`
	TwitterPlayer *TwitterPlayer          `json:"twitterPlayer,omitempty"`
	TwitterApp    *TwitterApp             `json:"twitterApp,omitempty"`
	ThemeColor    string                  `json:"themeColor,omitempty"`
	PlatformCards map[string]PlatformCard `json:"platformCards,omitempty"`
	CardVariant   *CardVariant            `json:"cardVariant,omitempty"`
	CardImage     string                  `json:"cardImage,omitempty"`
	CanonicalURL  string                  `json:"canonicalUrl,omitempty"`
	ExpiresAt     *time.Time              `json:"expiresAt,omitempty"`
	FallbackURL   string                  `json:"fallbackUrl,omitempty"`
	IOSURL        string                  `json:"iosUrl,omitempty"`
	AndroidURL    string                  `json:"androidUrl,omitempty"`
	GeoTargets    map[string]string       `json:"geoTargets,omitempty"`
	Variants      []Variant               `json:"variants,omitempty"`
	ForwardQuery  *bool                   `json:"forwardQuery,omitempty"`
	AppLink       *bool                   `json:"appLink,omitempty"`
	ClickLimit    int                     `json:"clickLimit,omitempty"`
	Password      string                  `json:"password,omitempty"`
	// Tags, when not nil, become the link's tags exactly: an empty slice removes them all.
	Tags     []string `json:"tags,omitempty"`
	IsActive *bool    `json:"isActive,omitempty"` // false pauses the link
	// FormerAliases, when not nil, are the old aliases that keep leading to the link.
	FormerAliases []string `json:"formerAliases,omitempty"`
	// Clear names the fields, by their JSON names ("alias", "expiresAt"...), to set to null.
	Clear []string `json:"-"`
}

// MarshalJSON sends the fields set, the empty lists asked for and null for each field in Clear.
func (changes LinkChanges) MarshalJSON() ([]byte, error) {
	type plain LinkChanges
	encoded, err := json.Marshal(plain(changes))
	if err != nil || (len(changes.Clear) == 0 && changes.Tags == nil && changes.FormerAliases == nil) {
		return encoded, err
	}
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(encoded, &fields); err != nil {
		return nil, err
	}
	// omitempty drops an empty slice, which here means "none", not "unchanged".
	if changes.Tags != nil && len(changes.Tags) == 0 {
		fields["tags"] = json.RawMessage("[]")
	}
	if changes.FormerAliases != nil && len(changes.FormerAliases) == 0 {
		fields["formerAliases"] = json.RawMessage("[]")
	}
	for _, name := range changes.Clear {
		fields[name] = json.RawMessage("null")
	}
	return json.Marshal(fields)
}

// CreatedLink is the answer to a create: the new link, or the identical one the account had.
type CreatedLink struct {
	URL       string `json:"url"`
	QRCodeURL string `json:"qrCodeUrl"`
	ID        string `json:"id"`
	Slug      string `json:"slug"`
	// Existing is true when the account already had an identical link (answered with 200, not 201).
	Existing bool `json:"existing"`
}

// BulkResult is the answer to a bulk create: counts, and a result per link asked for, in order.
type BulkResult struct {
	Created  int              `json:"created"`
	Existing int              `json:"existing"`
	Failed   int              `json:"failed"`
	Results  []BulkLinkResult `json:"results"`
}

// BulkLinkResult is what became of one link of a bulk create.
type BulkLinkResult struct {
	Status  string       `json:"status"` // created, existing or failed
	Link    *BulkLink    `json:"link,omitempty"`
	Message string       `json:"message,omitempty"` // why it failed
	Errors  []FieldError `json:"errors,omitempty"`
}

// BulkLink is a link a bulk create made or found.
type BulkLink struct {
	URL       string `json:"url"`
	QRCodeURL string `json:"qrCodeUrl"`
	ID        string `json:"id"`
	Slug      string `json:"slug"`
}

// LinkByTarget is the newest link to a page, with the card its crawlers get.
type LinkByTarget struct {
	ID            string                  `json:"id"`
	TargetURL     string                  `json:"targetUrl"`
	Title         string                  `json:"title"`
	Description   string                  `json:"description"`
	OGImage       string                  `json:"ogImage"`
	OGImageAlt    string                  `json:"ogImageAlt"`
	OGImageWidth  *int                    `json:"ogImageWidth"`
	OGImageHeight *int                    `json:"ogImageHeight"`
	OGImageType   string                  `json:"ogImageType"`
	TwitterCard   string                  `json:"twitterCard"`
	TwitterPlayer *TwitterPlayer          `json:"twitterPlayer"`
	TwitterApp    *TwitterApp             `json:"twitterApp"`
	ThemeColor    string                  `json:"themeColor"`
	PlatformCards map[string]PlatformCard `json:"platformCards"`
	CardImageURL  string                  `json:"cardImageUrl"`
	IsActive      bool                    `json:"isActive"`
}

// ExportedLink is a link of an export, with its counts of all time.
type ExportedLink struct {
	Link
	Clicks   int `json:"clicks"`
	Scans    int `json:"scans"`
	Previews int `json:"previews"`
}

// LinkStats is a link's clicks, scans and previews: of all time, and of the period from From to To.
type LinkStats struct {
	LinkID             string             `json:"linkId"`
	TotalClicks        int                `json:"totalClicks"`
	TotalScans         int                `json:"totalScans"`
	TotalPreviews      int                `json:"totalPreviews"`
	ClicksInPeriod     int                `json:"clicksInPeriod"`
	ScansInPeriod      int                `json:"scansInPeriod"`
	PreviewsInPeriod   int                `json:"previewsInPeriod"`
	From               string             `json:"from"` // YYYY-MM-DD, UTC
	To                 string             `json:"to"`   // included
	RecentEvents       []Event            `json:"recentEvents"`
	PreviewsByPlatform []PlatformPreviews `json:"previewsByPlatform"`
	// Variants are the clicks sent to each split-test target; only for a link with variants.
	Variants []VariantClicks `json:"variants,omitempty"`
	// CardVariants compare a card test's two versions; only for a link with a cardVariant.
	CardVariants []CardVariantStats `json:"cardVariants,omitempty"`
}

// Event is a click (a person) or a preview (a crawler).
type Event struct {
	Type         string    `json:"type"` // click or preview
	IsScan       bool      `json:"isScan"`
	OccurredAt   time.Time `json:"occurredAt"`
	Platform     string    `json:"platform"`
	Unverified   bool      `json:"unverified"`
	ReferrerHost string    `json:"referrerHost"`
	Country      string    `json:"country"`
	Device       string    `json:"device"`
}

// PlatformPreviews are one platform's previews of the period.
type PlatformPreviews struct {
	Platform   string `json:"platform"`
	VerifiedBy string `json:"verifiedBy"` // ranges or reverse-dns; empty when it cannot be verified
	Previews   int    `json:"previews"`
	Unverified int    `json:"unverified"`
}

// VariantClicks are the clicks of the period sent to one variant.
type VariantClicks struct {
	TargetURL string `json:"targetUrl"`
	Clicks    int    `json:"clicks"`
}

// CardVariantStats is one version of a card test: a (the link's card) or b (its cardVariant).
type CardVariantStats struct {
	Version  string `json:"version"`
	Title    string `json:"title"`
	Previews int    `json:"previews"`
	Clicks   int    `json:"clicks"`
}

// Caller is who a key speaks for: its account, and the key itself.
type Caller struct {
	Account Account `json:"account"`
	Key     APIKey  `json:"key"`
}

// Account is the account (workspace) an API key belongs to.
type Account struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Plan string `json:"plan"` // free, indie, pro or enterprise
}

// APIKey is the key a call was made with.
type APIKey struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Scopes are what the key may do (links:read, links:write, ...); nil for every scope.
	Scopes []string `json:"scopes"`
}

// Image is an image uploaded to Linkcard, to give as an ogImage or a QR code's logo.
type Image struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	Purpose     string `json:"purpose"`     // card or logo
	ContentType string `json:"contentType"` // image/jpeg or image/png
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Size        int    `json:"size"` // bytes
}

// CustomDomain is the account's custom domain, and how its DNS and certificate checks stand.
type CustomDomain struct {
	HasCustomDomain       bool          `json:"hasCustomDomain"`
	Hostname              string        `json:"hostname"`
	Status                string        `json:"status"`    // pending, active or paused
	SSLStatus             string        `json:"sslStatus"` // pending or active
	VerificationErrors    []DomainError `json:"verificationErrors"`
	OwnershipVerification *DNSRecord    `json:"ownershipVerification"`
	CNAMERecord           *DNSRecord    `json:"cnameRecord"`
	LastCheckedAt         *time.Time    `json:"lastCheckedAt"`
}

// DomainError is one problem the domain's last check found.
type DomainError struct {
	Message string `json:"message"`
}

// DNSRecord is a record to add at the domain's DNS host.
type DNSRecord struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Type  string `json:"type"` // TXT or CNAME
}

// ServerHealth is whether the instance serves, and which release it runs.
type ServerHealth struct {
	Status  string `json:"status"`          // ok or degraded
	Redis   string `json:"redis,omitempty"` // "unreachable" when its Redis does not answer
	Version string `json:"version"`
}
