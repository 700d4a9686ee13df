import { consultationPagePath } from '../../forms/pages'

export default consultationPagePath
