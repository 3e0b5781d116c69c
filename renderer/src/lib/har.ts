// The HAR builder is shared with the engine (a flow run's HAR): one builder, in shared/har.ts.
export * from '../../../shared/har';
