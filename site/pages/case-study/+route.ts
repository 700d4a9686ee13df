export default '/case-study/@id'
