/** Published sites for machines (issue 29, items 4 and 5): markdown pages, llms.txt, sitemaps, robots, head tags. */
export { answerMachineFormat, answerMachineFormatUnseen } from './answer-machine-format';
export { type HeadPage, machineHeadTags } from './head-tags';
export { type MachineRequest, machineRequestOf, prefersMarkdown } from './machine-request';
