// The built-in TPP fills payments from the bank's pain.001 templates (resources/templates).
export { readTemplate, templateIndex, type Pain001Template } from '../pain001-templates';
