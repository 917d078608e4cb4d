"""The shapes the public API takes and answers, named as in its OpenAPI document (/api/openapi.json).

Fields keep the API's camelCase names: answers are the parsed JSON, typed, with nothing renamed.
"""

from typing import Literal, NotRequired, TypedDict

TwitterCard = Literal["summary", "summary_large_image", "app", "player"]
CardImage = Literal["classic", "bold", "minimal"]
Plan = Literal["free", "indie", "pro", "enterprise"]
Scope = Literal["links:read", "links:write", "analytics:read", "domains:read"]


class FieldError(TypedDict):
    field: str
    message: str


class ErrorBody(TypedDict):
    """What the API answers with a refusal: `LinkcardError` carries it."""

    message: str
    errors: NotRequired[list[FieldError]]


class TwitterPlayer(TypedDict):
    url: str
    width: int
    height: int


class TwitterApp(TypedDict):
    iphone: str | None
    ipad: str | None
    googleplay: str | None


class PlatformCard(TypedDict):
    title: str | None
    description: str | None
    ogImage: str | None


class CardVariant(TypedDict):
    title: str
    description: str | None
    ogImage: str | None


class Variant(TypedDict):
    targetUrl: str
    weight: int


class ImportedFrom(TypedDict):
    source: Literal["csv", "bitly", "shlink", "kutt", "yourls"]
    createdAt: str | None
    clicks: int | None


class LinkHealth(TypedDict):
    status: Literal["ok", "broken", "unknown"]
    reason: str | None
    checkedAt: str | None
    finalUrl: str | None


class Link(TypedDict):
    """A link as the API answers it."""

    id: str
    slug: str
    alias: str | None
    domain: str | None
    formerAliases: list[str]
    tags: list[str]
    url: str
    qrCodeUrl: str
    targetUrl: str
    title: str
    description: str | None
    ogImage: str | None
    ogImageAlt: str | None
    twitterCard: TwitterCard
    twitterPlayer: TwitterPlayer | None
    twitterApp: TwitterApp | None
    themeColor: str | None
    platformCards: dict[str, PlatformCard] | None
    cardVariant: CardVariant | None
    cardImage: CardImage | None
    cardImageUrl: str | None
    cardVersion: int
    canonicalUrl: str | None
    expiresAt: str | None
    fallbackUrl: str | None
    iosUrl: str | None
    androidUrl: str | None
    geoTargets: dict[str, str] | None
    variants: list[Variant] | None
    forwardQuery: bool
    appLink: bool
    hasPassword: bool
    clickLimit: int | None
    isActive: bool
    importedFrom: ImportedFrom | None
    health: LinkHealth
    createdAt: str
    updatedAt: str


class ExportedLink(Link):
    """A link in the JSON export, with its counts of all time."""

    clicks: int
    scans: int
    previews: int


class TwitterAppInput(TypedDict, total=False):
    iphone: str | None
    ipad: str | None
    googleplay: str | None


class PlatformCardInput(TypedDict, total=False):
    title: str | None
    description: str | None
    ogImage: str | None


class CardVariantInput(TypedDict):
    title: str
    description: NotRequired[str | None]
    ogImage: NotRequired[str | None]


class LinkChanges(TypedDict, total=False):
    """The fields of a link to change; those left out stay as they are."""

    targetUrl: str
    title: str
    description: str | None
    alias: str | None
    domain: str | None
    ogImage: str | None
    ogImageAlt: str | None
    twitterCard: TwitterCard
    twitterPlayer: TwitterPlayer | None
    twitterApp: TwitterAppInput | None
    themeColor: str | None
    platformCards: dict[str, PlatformCardInput | None] | None
    cardVariant: CardVariantInput | None
    cardImage: CardImage | None
    canonicalUrl: str | None
    expiresAt: str | None
    fallbackUrl: str | None
    iosUrl: str | None
    androidUrl: str | None
    geoTargets: dict[str, str] | None
    variants: list[Variant] | None
    forwardQuery: bool
    appLink: bool
    clickLimit: int | None
    password: str | None
    tags: list[str]
    isActive: bool
    formerAliases: list[str]


class NewLink(TypedDict):
    """A new link: with its title, or with useOriginalMeta True to read the title from the page."""

    targetUrl: str
    title: NotRequired[str]
    description: NotRequired[str | None]
    alias: NotRequired[str | None]
    domain: NotRequired[str | None]
    ogImage: NotRequired[str | None]
    ogImageAlt: NotRequired[str | None]
    twitterCard: NotRequired[TwitterCard]
    twitterPlayer: NotRequired[TwitterPlayer | None]
    twitterApp: NotRequired[TwitterAppInput | None]
    themeColor: NotRequired[str | None]
    platformCards: NotRequired[dict[str, PlatformCardInput | None] | None]
    cardVariant: NotRequired[CardVariantInput | None]
    cardImage: NotRequired[CardImage | None]
    canonicalUrl: NotRequired[str | None]
    expiresAt: NotRequired[str | None]
    fallbackUrl: NotRequired[str | None]
    iosUrl: NotRequired[str | None]
    androidUrl: NotRequired[str | None]
    geoTargets: NotRequired[dict[str, str] | None]
    variants: NotRequired[list[Variant] | None]
    forwardQuery: NotRequired[bool]
    appLink: NotRequired[bool]
    clickLimit: NotRequired[int | None]
    password: NotRequired[str | None]
    tags: NotRequired[list[str]]
    useOriginalMeta: NotRequired[bool]


class CreatedLink(TypedDict):
    """The answer to a create; `existing` is True when the account already had this very link."""

    url: str
    qrCodeUrl: str
    id: str
    slug: str
    existing: bool


class LinkRef(TypedDict):
    url: str
    qrCodeUrl: str
    id: str
    slug: str


class BulkItem(TypedDict):
    """One link of a bulk create, in the order sent: its link, or why it failed."""

    status: Literal["created", "existing", "failed"]
    link: NotRequired[LinkRef]
    message: NotRequired[str]
    errors: NotRequired[list[FieldError]]


class BulkResult(TypedDict):
    created: int
    existing: int
    failed: int
    results: list[BulkItem]


class LinkByTarget(TypedDict):
    """The card of the newest link to a page, as the edge worker reads it."""

    id: str
    targetUrl: str
    title: str
    description: str | None
    ogImage: str | None
    ogImageAlt: str | None
    ogImageWidth: int | None
    ogImageHeight: int | None
    ogImageType: str | None
    twitterCard: TwitterCard
    twitterPlayer: TwitterPlayer | None
    twitterApp: TwitterApp | None
    themeColor: str | None
    platformCards: dict[str, PlatformCard] | None
    cardImageUrl: str | None
    isActive: bool


class StatsEvent(TypedDict):
    type: Literal["click", "preview"]
    isScan: bool
    occurredAt: str
    platform: str | None
    unverified: bool
    referrerHost: str | None
    country: str | None
    device: str | None


class PlatformPreviews(TypedDict):
    platform: str
    verifiedBy: Literal["ranges", "reverse-dns"] | None
    previews: int
    unverified: int


class VariantClicks(TypedDict):
    targetUrl: str
    clicks: int


class CardVariantCounts(TypedDict):
    version: Literal["a", "b"]
    title: str
    previews: int
    clicks: int


# `from` is a Python keyword, so this shape is spelled the functional way.
LinkStats = TypedDict(
    "LinkStats",
    {
        "linkId": str,
        "totalClicks": int,
        "totalScans": int,
        "totalPreviews": int,
        "clicksInPeriod": int,
        "scansInPeriod": int,
        "previewsInPeriod": int,
        "from": str,
        "to": str,
        "recentEvents": list[StatsEvent],
        "previewsByPlatform": list[PlatformPreviews],
        "variants": NotRequired[list[VariantClicks]],
        "cardVariants": NotRequired[list[CardVariantCounts]],
    },
)


class UploadedImage(TypedDict):
    id: str
    url: str
    purpose: Literal["card", "logo"]
    contentType: str
    width: int
    height: int
    size: int


class CallerAccount(TypedDict):
    id: str
    name: str
    plan: Plan


class CallerKey(TypedDict):
    id: str
    name: str
    scopes: list[Scope] | None


class Caller(TypedDict):
    """Who is calling: the key's account and the key itself."""

    account: CallerAccount
    key: CallerKey


class DnsRecord(TypedDict):
    name: str
    value: str
    type: str


class VerificationError(TypedDict):
    message: str


class CustomDomain(TypedDict):
    hasCustomDomain: bool
    hostname: str | None
    status: Literal["pending", "active", "paused"] | None
    sslStatus: Literal["pending", "active"] | None
    verificationErrors: list[VerificationError] | None
    ownershipVerification: DnsRecord | None
    cnameRecord: DnsRecord | None
    lastCheckedAt: str | None


class Health(TypedDict):
    status: Literal["ok", "degraded"]
    redis: NotRequired[Literal["unreachable"]]
    version: str
