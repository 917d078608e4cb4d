// OpenTelemetry tracing for an operator who names a collector (OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): a span for each call Elysia answers, continuing the caller's
// W3C `traceparent`, and spans for the background work (webhook deliveries, link checks, imports),
// sent over OTLP/HTTP in batches. Short links are never traced: their lane answers before any of
// this. Without a collector the SDK is not even loaded, and each hook below is one branch.
import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Tracer } from '@opentelemetry/api'
import { config } from './config'
import type { Running } from './lifecycle'
import { log } from './log'
import { VERSION } from './version'

let tracer: Tracer | undefined

const headerGetter = { get: (headers: Headers, name: string) => headers.get(name) ?? undefined, keys: (headers: Headers) => [...headers.keys()] }

/** Starts sending spans to the collector the settings name; nothing when they name none. */
export async function startTracing(): Promise<Running> {
  const settings = config.tracing
  if (!settings) return { stop() {} }
  const [{ TracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler }, { OTLPTraceExporter }, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
  ])
  const ratio = new TraceIdRatioBasedSampler(settings.ratio)
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName, 'service.version': VERSION, 'service.instance.id': crypto.randomUUID() }),
    sampler: settings.followsParent ? new ParentBasedSampler({ root: ratio }) : ratio,
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.endpoint }) })],
  })
  const contexts = new AsyncLocalStorageContextManager().enable()
  context.setGlobalContextManager(contexts)
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  trace.setGlobalTracerProvider(provider)
  tracer = provider.getTracer('linkcard', VERSION)
  log.info('tracing', { endpoint: settings.endpoint, ratio: settings.ratio })
  return {
    async stop() {
      tracer = undefined
      // Sends what the batch still holds.
      await provider.shutdown().catch((error) => log.warn('sending the last spans failed', { error }))
      trace.disable()
      propagation.disable()
      context.disable()
    },
  }
}

/**
 * Runs `answer` for a call Elysia answers inside a server span named after its route
 * (`GET /api/link/:id`), child of the caller's `traceparent` when it sends one.
 */
export function tracedRequest(request: Request, route: string | undefined, answer: () => Response | Promise<Response>): Response | Promise<Response> {
  if (!tracer) return answer()
  const parent = propagation.extract(context.active(), request.headers, headerGetter)
  const url = new URL(request.url)
  const attributes: Attributes = { 'http.request.method': request.method, 'url.path': url.pathname, 'url.scheme': url.protocol.slice(0, -1) }
  if (route) attributes['http.route'] = route
  const span = tracer.startSpan(`${request.method} ${route ?? 'unmatched'}`, { kind: SpanKind.SERVER, attributes }, parent)
  return Promise.resolve(context.with(trace.setSpan(parent, span), answer)).then(
    (response) => {
      span.setAttribute('http.response.status_code', response.status)
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
      return response
    },
    (error) => {
      span.recordException(error as Error)
      span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
      throw error
    },
  )
}

/** Runs background `work` inside a span of its own (a child of the current one, if any). */
export function traced<T>(name: string, attributes: Attributes, work: () => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  if (!tracer) return work()
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work()
    } catch (error) {
      span.recordException(error as Error)
      span.setStatus({ code: SpanStatusCode.ERROR })
      throw error
    } finally {
      span.end()
    }
  })
}

export { SpanKind }
