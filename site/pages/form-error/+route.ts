import { formErrorPath } from '../../forms/pages'

export default formErrorPath
