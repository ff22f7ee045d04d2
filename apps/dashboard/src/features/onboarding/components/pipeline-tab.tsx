/** One onboarding pipeline list; its cards come with the onboarding issue. */
export function PipelineTab({ title }: { title: string }) {
  return <h2 className="pipeline-tab__title">{title}</h2>;
}
